-- Where a deep page of a movie's reviews starts (issue 14). Kept in step with
-- adapters/sqlite/migrations/0015_review_positions.sql, which says why.
CREATE TABLE movie_review_buckets (
    movie_id     BIGINT NOT NULL,
    bucket       BIGINT NOT NULL,
    review_count BIGINT NOT NULL CHECK (review_count >= 0),
    PRIMARY KEY (movie_id, bucket)
);

INSERT INTO movie_review_buckets (movie_id, bucket, review_count)
SELECT movie_id, created_at / 536870912, COUNT(*) FROM reviews
GROUP BY movie_id, created_at / 536870912;

CREATE FUNCTION reviews_keep_movie_buckets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE movie_review_buckets SET review_count = review_count - 1
            WHERE movie_id = OLD.movie_id AND bucket = OLD.created_at / 536870912;
        DELETE FROM movie_review_buckets
            WHERE movie_id = OLD.movie_id AND bucket = OLD.created_at / 536870912
              AND review_count = 0;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO movie_review_buckets (movie_id, bucket, review_count)
            VALUES (NEW.movie_id, NEW.created_at / 536870912, 1)
            ON CONFLICT (movie_id, bucket)
            DO UPDATE SET review_count = movie_review_buckets.review_count + 1;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER reviews_movie_buckets
    AFTER INSERT OR DELETE OR UPDATE OF movie_id, created_at ON reviews
    FOR EACH ROW EXECUTE FUNCTION reviews_keep_movie_buckets();
