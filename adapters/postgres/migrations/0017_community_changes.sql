-- Reports of changed community data, for the servers' in-memory public answers (issue 14;
-- adapters/sql/src/community_cache.rs). Kept in step with
-- adapters/sqlite/migrations/0017_community_changes.sql, which counts instead.
--
-- An answer (a review, a user's reviews, a favorites list, a group list) reads several
-- tables, so a change to any of them forgets every answer: one notification per
-- statement, on the channel of migration 0013 with the payload 'answers' (Postgres sends
-- one of each payload per transaction). A movie row counts only when what answers show of
-- it changes, not when the catalog cache merely refreshes it.

CREATE FUNCTION community_report_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('leffaseura_user_changed', 'answers');
    RETURN NULL;
END;
$$;

CREATE TRIGGER reviews_report_change AFTER INSERT OR UPDATE OR DELETE ON reviews
    FOR EACH STATEMENT EXECUTE FUNCTION community_report_change();
CREATE TRIGGER review_reactions_report_change AFTER INSERT OR UPDATE OR DELETE ON review_reactions
    FOR EACH STATEMENT EXECUTE FUNCTION community_report_change();
CREATE TRIGGER favorites_report_change AFTER INSERT OR UPDATE OR DELETE ON favorites
    FOR EACH STATEMENT EXECUTE FUNCTION community_report_change();
CREATE TRIGGER groups_report_change AFTER INSERT OR UPDATE OR DELETE ON groups
    FOR EACH STATEMENT EXECUTE FUNCTION community_report_change();
CREATE TRIGGER group_members_report_change AFTER INSERT OR UPDATE OR DELETE ON group_members
    FOR EACH STATEMENT EXECUTE FUNCTION community_report_change();
CREATE TRIGGER group_genres_report_change AFTER INSERT OR UPDATE OR DELETE ON group_genres
    FOR EACH STATEMENT EXECUTE FUNCTION community_report_change();
CREATE TRIGGER movies_report_insert AFTER INSERT OR DELETE ON movies
    FOR EACH STATEMENT EXECUTE FUNCTION community_report_change();
CREATE TRIGGER movies_report_update AFTER UPDATE ON movies
    FOR EACH ROW WHEN (
        OLD.title IS DISTINCT FROM NEW.title
        OR OLD.original_title IS DISTINCT FROM NEW.original_title
        OR OLD.release_date IS DISTINCT FROM NEW.release_date
        OR OLD.release_year IS DISTINCT FROM NEW.release_year
        OR OLD.poster_path IS DISTINCT FROM NEW.poster_path
        OR OLD.vote_average IS DISTINCT FROM NEW.vote_average
    )
    EXECUTE FUNCTION community_report_change();
