-- Reports of changed `users` rows, for the servers' in-memory profile cache (issue 14).
-- Kept in step with adapters/postgres/migrations/0013_user_changes.sql, which notifies
-- instead of appending.
--
-- Every process that caches profiles (the server; the admin CLI writes but does not
-- cache) notices a commit by any other connection with `PRAGMA data_version`, then reads
-- the rows appended since it last looked and forgets those profiles. The triggers cover
-- every writer: the API, the admin CLI, another server on the same file. seq only grows
-- (AUTOINCREMENT), so a reader that finds a gap knows old rows were pruned and forgets
-- everything. The server prunes rows far behind the newest.

CREATE TABLE user_changes (
    seq     INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL
);

CREATE TRIGGER users_report_update AFTER UPDATE ON users
BEGIN
    INSERT INTO user_changes (user_id) VALUES (OLD.id);
END;

CREATE TRIGGER users_report_delete AFTER DELETE ON users
BEGIN
    INSERT INTO user_changes (user_id) VALUES (OLD.id);
END;
