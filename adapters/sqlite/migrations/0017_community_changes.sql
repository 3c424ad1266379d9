-- Reports of changed community data, for the servers' in-memory public answers (issue 14;
-- adapters/sql/src/community_cache.rs). Kept in step with
-- adapters/postgres/migrations/0017_community_changes.sql, which notifies instead.
--
-- An answer reads several tables, so a change to any of them forgets every answer. The
-- one row of community_changes counts the changed rows; a server that sees the database's
-- data_version move reads the count and, when it moved too, forgets its answers. A movie
-- row counts only when what answers show of it changes.

CREATE TABLE community_changes (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    n  INTEGER NOT NULL
);
INSERT INTO community_changes (id, n) VALUES (1, 0);

CREATE TRIGGER reviews_report_insert AFTER INSERT ON reviews
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER reviews_report_update AFTER UPDATE ON reviews
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER reviews_report_delete AFTER DELETE ON reviews
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER review_reactions_report_insert AFTER INSERT ON review_reactions
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER review_reactions_report_update AFTER UPDATE ON review_reactions
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER review_reactions_report_delete AFTER DELETE ON review_reactions
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER favorites_report_insert AFTER INSERT ON favorites
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER favorites_report_update AFTER UPDATE ON favorites
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER favorites_report_delete AFTER DELETE ON favorites
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER groups_report_insert AFTER INSERT ON groups
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER groups_report_update AFTER UPDATE ON groups
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER groups_report_delete AFTER DELETE ON groups
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER group_members_report_insert AFTER INSERT ON group_members
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER group_members_report_update AFTER UPDATE ON group_members
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER group_members_report_delete AFTER DELETE ON group_members
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER group_genres_report_insert AFTER INSERT ON group_genres
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER group_genres_report_update AFTER UPDATE ON group_genres
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER group_genres_report_delete AFTER DELETE ON group_genres
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER movies_report_insert AFTER INSERT ON movies
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER movies_report_delete AFTER DELETE ON movies
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER movies_report_update AFTER UPDATE ON movies
WHEN OLD.title IS NOT NEW.title
    OR OLD.original_title IS NOT NEW.original_title
    OR OLD.release_date IS NOT NEW.release_date
    OR OLD.release_year IS NOT NEW.release_year
    OR OLD.poster_path IS NOT NEW.poster_path
    OR OLD.vote_average IS NOT NEW.vote_average
BEGIN
    UPDATE community_changes SET n = n + 1 WHERE id = 1;
END;
