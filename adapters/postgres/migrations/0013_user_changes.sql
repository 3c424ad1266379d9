-- Reports of changed `users` rows, for the servers' in-memory profile cache (issue 14).
-- Kept in step with adapters/sqlite/migrations/0013_user_changes.sql, which appends to a
-- table instead.
--
-- Every server LISTENs on `leffaseura_user_changed` and forgets the profile whose id a
-- notification carries. Postgres delivers a notification when its transaction commits,
-- to every listening session, whoever wrote: the API, the admin CLI, another server.

CREATE FUNCTION users_report_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('leffaseura_user_changed', OLD.id::text);
    RETURN NULL;
END;
$$;

CREATE TRIGGER users_report_change
    AFTER UPDATE OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION users_report_change();
