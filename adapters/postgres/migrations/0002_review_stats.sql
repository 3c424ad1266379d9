-- Reviews at scale (issue 4). Kept in step with adapters/sqlite/migrations/0002_review_stats.sql.
--
-- movie_review_stats: a movie's review count, rating sum and 1..5 distribution, so that
-- a movie page's statistics are one primary-key read however many reviews the movie has.
-- A trigger keeps it in step with `reviews` in the same transaction as the rows, whatever
-- deletes them (the review API, account deletion's ON DELETE CASCADE, the admin CLI).
CREATE TABLE movie_review_stats (
    movie_id     BIGINT  PRIMARY KEY,
    review_count BIGINT  NOT NULL DEFAULT 0,
    rating_sum   BIGINT  NOT NULL DEFAULT 0,
    rating_1     BIGINT  NOT NULL DEFAULT 0,
    rating_2     BIGINT  NOT NULL DEFAULT 0,
    rating_3     BIGINT  NOT NULL DEFAULT 0,
    rating_4     BIGINT  NOT NULL DEFAULT 0,
    rating_5     BIGINT  NOT NULL DEFAULT 0
);

INSERT INTO movie_review_stats
    (movie_id, review_count, rating_sum, rating_1, rating_2, rating_3, rating_4, rating_5)
SELECT movie_id, COUNT(*), SUM(rating),
       COUNT(*) FILTER (WHERE rating = 1), COUNT(*) FILTER (WHERE rating = 2),
       COUNT(*) FILTER (WHERE rating = 3), COUNT(*) FILTER (WHERE rating = 4),
       COUNT(*) FILTER (WHERE rating = 5)
FROM reviews GROUP BY movie_id;

CREATE FUNCTION reviews_keep_movie_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE movie_review_stats SET
            review_count = review_count - 1,
            rating_sum = rating_sum - OLD.rating,
            rating_1 = rating_1 - (OLD.rating = 1)::int,
            rating_2 = rating_2 - (OLD.rating = 2)::int,
            rating_3 = rating_3 - (OLD.rating = 3)::int,
            rating_4 = rating_4 - (OLD.rating = 4)::int,
            rating_5 = rating_5 - (OLD.rating = 5)::int
        WHERE movie_id = OLD.movie_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO movie_review_stats (movie_id) VALUES (NEW.movie_id)
            ON CONFLICT (movie_id) DO NOTHING;
        UPDATE movie_review_stats SET
            review_count = review_count + 1,
            rating_sum = rating_sum + NEW.rating,
            rating_1 = rating_1 + (NEW.rating = 1)::int,
            rating_2 = rating_2 + (NEW.rating = 2)::int,
            rating_3 = rating_3 + (NEW.rating = 3)::int,
            rating_4 = rating_4 + (NEW.rating = 4)::int,
            rating_5 = rating_5 + (NEW.rating = 5)::int
        WHERE movie_id = NEW.movie_id;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER reviews_movie_stats
    AFTER INSERT OR DELETE OR UPDATE OF rating, movie_id ON reviews
    FOR EACH ROW EXECUTE FUNCTION reviews_keep_movie_stats();

-- A review shows its newest reactions (at most 50): an index walk, not a sort of all of
-- a popular review's reactions.
CREATE INDEX review_reactions_review_created_idx
    ON review_reactions (review_id, created_at DESC, user_id DESC);
