-- Groups end to end (issue 8). Kept in step with adapters/sqlite/migrations/0003_groups.sql.
--
-- groups.member_count: owner, moderators and members (pending requests excluded). A
-- trigger on group_members keeps it equal to the rows in the same transaction, whatever
-- changes them (the group API, account deletion's ON DELETE CASCADE, the admin CLI,
-- fixtures).
-- groups.activity_at: the newest of creation, an edit, a membership change (written by
-- the store) and a review by a member (the trigger on reviews); "popular" ties go to it.
-- groups.name_search / description_search: name and description case- and accent-folded
-- by the application (the same on both backends), for GET /groups/search.
-- moderation_log: group entries name their group (no foreign key: the entry of a deleted
-- group stays in the site's log), the acting user and the user acted upon.

ALTER TABLE groups ADD COLUMN member_count BIGINT NOT NULL DEFAULT 0 CHECK (member_count >= 0);
ALTER TABLE groups ADD COLUMN activity_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE groups ADD COLUMN name_search TEXT NOT NULL DEFAULT '';
ALTER TABLE groups ADD COLUMN description_search TEXT NOT NULL DEFAULT '';

-- Groups stored before this migration: counted from their rows; their search keys are
-- lower-cased here and fully folded by the application on their next edit.
UPDATE groups SET
    member_count = (SELECT COUNT(*) FROM group_members gm
                    WHERE gm.group_id = groups.id AND gm.role <> 'pending'),
    activity_at = updated_at,
    name_search = lower(name),
    description_search = lower(description);

CREATE FUNCTION group_members_keep_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.role <> 'pending' THEN
        UPDATE groups SET member_count = member_count - 1 WHERE id = OLD.group_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.role <> 'pending' THEN
        UPDATE groups SET member_count = member_count + 1 WHERE id = NEW.group_id;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER group_members_count
    AFTER INSERT OR DELETE OR UPDATE OF role, group_id ON group_members
    FOR EACH ROW EXECUTE FUNCTION group_members_keep_count();

CREATE FUNCTION reviews_touch_group_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE groups SET activity_at = NEW.created_at
    WHERE activity_at < NEW.created_at
      AND id IN (SELECT group_id FROM group_members
                 WHERE user_id = NEW.user_id AND role <> 'pending');
    RETURN NULL;
END;
$$;

CREATE TRIGGER reviews_group_activity
    AFTER INSERT ON reviews
    FOR EACH ROW EXECUTE FUNCTION reviews_touch_group_activity();

-- "Most popular groups".
CREATE INDEX groups_popular_idx ON groups (member_count DESC, activity_at DESC, id DESC);

ALTER TABLE moderation_log ADD COLUMN group_id BIGINT;
ALTER TABLE moderation_log ADD COLUMN actor_id BIGINT;
ALTER TABLE moderation_log ADD COLUMN target_user_id BIGINT;
CREATE INDEX moderation_log_group_idx ON moderation_log (group_id, created_at DESC, id DESC)
    WHERE group_id IS NOT NULL;
