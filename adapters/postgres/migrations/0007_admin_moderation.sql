-- The admin CLI's moderation (issue 10). Kept in step with
-- adapters/sqlite/migrations/0007_admin_moderation.sql. (0004–0006 are taken by
-- showtimes, the user's language and reports.)
--
-- users.banned_until: the end of a timed ban (epoch ms); NULL while banned means for good.
-- A timed ban lifts itself: every check compares it with the clock, nothing runs at its end.
-- moderation_log.detail: what an action set beyond its name (a ban's end, a new site role).
-- moderation_log.target_user_id is now written for the admin's actions on users too (and
-- filled in below for older entries, whose target reads 'user:<id>'), so that the log can
-- be filtered by the user acted upon.

ALTER TABLE users ADD COLUMN banned_until BIGINT;
ALTER TABLE moderation_log ADD COLUMN detail TEXT;

UPDATE moderation_log SET target_user_id = CAST(substring(target from 6) AS BIGINT)
 WHERE target_user_id IS NULL AND target LIKE 'user:%';

CREATE INDEX moderation_log_target_user_idx
    ON moderation_log (target_user_id, created_at DESC, id DESC)
    WHERE target_user_id IS NOT NULL;
