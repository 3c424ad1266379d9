-- Groups end to end (issue 8). Kept in step with adapters/postgres/migrations/0003_groups.sql.
--
-- groups.member_count: owner, moderators and members (pending requests excluded). Triggers
-- on group_members keep it equal to the rows in the same transaction, whatever changes
-- them (the group API, account deletion's ON DELETE CASCADE, the admin CLI, fixtures).
-- groups.activity_at: the newest of creation, an edit, a membership change (written by
-- the store) and a review by a member (the trigger on reviews); "popular" ties go to it.
-- groups.name_search / description_search: name and description case- and accent-folded
-- by the application (SQLite's lower() folds only ASCII), for GET /groups/search.
-- moderation_log: group entries name their group (no foreign key: the entry of a deleted
-- group stays in the site's log), the acting user and the user acted upon.

ALTER TABLE groups ADD COLUMN member_count INTEGER NOT NULL DEFAULT 0 CHECK (member_count >= 0);
ALTER TABLE groups ADD COLUMN activity_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE groups ADD COLUMN name_search TEXT NOT NULL DEFAULT '';
ALTER TABLE groups ADD COLUMN description_search TEXT NOT NULL DEFAULT '';

-- Groups stored before this migration: counted from their rows; their search keys are
-- ASCII-folded here and fully folded by the application on their next edit.
UPDATE groups SET
    member_count = (SELECT COUNT(*) FROM group_members gm
                    WHERE gm.group_id = groups.id AND gm.role <> 'pending'),
    activity_at = updated_at,
    name_search = lower(name),
    description_search = lower(description);

CREATE TRIGGER group_members_count_insert AFTER INSERT ON group_members
WHEN NEW.role <> 'pending'
BEGIN
    UPDATE groups SET member_count = member_count + 1 WHERE id = NEW.group_id;
END;

CREATE TRIGGER group_members_count_delete AFTER DELETE ON group_members
WHEN OLD.role <> 'pending'
BEGIN
    UPDATE groups SET member_count = member_count - 1 WHERE id = OLD.group_id;
END;

CREATE TRIGGER group_members_count_update AFTER UPDATE OF role, group_id ON group_members
BEGIN
    UPDATE groups SET member_count = member_count - 1
        WHERE id = OLD.group_id AND OLD.role <> 'pending';
    UPDATE groups SET member_count = member_count + 1
        WHERE id = NEW.group_id AND NEW.role <> 'pending';
END;

CREATE TRIGGER reviews_group_activity AFTER INSERT ON reviews
BEGIN
    UPDATE groups SET activity_at = NEW.created_at
    WHERE activity_at < NEW.created_at
      AND id IN (SELECT group_id FROM group_members
                 WHERE user_id = NEW.user_id AND role <> 'pending');
END;

-- "Most popular groups".
CREATE INDEX groups_popular_idx ON groups (member_count DESC, activity_at DESC, id DESC);

ALTER TABLE moderation_log ADD COLUMN group_id INTEGER;
ALTER TABLE moderation_log ADD COLUMN actor_id INTEGER;
ALTER TABLE moderation_log ADD COLUMN target_user_id INTEGER;
CREATE INDEX moderation_log_group_idx ON moderation_log (group_id, created_at DESC, id DESC)
    WHERE group_id IS NOT NULL;
