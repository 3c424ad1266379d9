-- Reviews at scale (issue 4). Kept in step with adapters/postgres/migrations/0002_review_stats.sql.
--
-- movie_review_stats: a movie's review count, rating sum and 1..5 distribution, so that
-- a movie page's statistics are one primary-key read however many reviews the movie has.
-- Triggers keep it in step with `reviews` in the same transaction as the rows, whatever
-- deletes them (the review API, account deletion's ON DELETE CASCADE, the admin CLI).
CREATE TABLE movie_review_stats (
    movie_id     INTEGER PRIMARY KEY,
    review_count INTEGER NOT NULL DEFAULT 0,
    rating_sum   INTEGER NOT NULL DEFAULT 0,
    rating_1     INTEGER NOT NULL DEFAULT 0,
    rating_2     INTEGER NOT NULL DEFAULT 0,
    rating_3     INTEGER NOT NULL DEFAULT 0,
    rating_4     INTEGER NOT NULL DEFAULT 0,
    rating_5     INTEGER NOT NULL DEFAULT 0
);

INSERT INTO movie_review_stats
    (movie_id, review_count, rating_sum, rating_1, rating_2, rating_3, rating_4, rating_5)
SELECT movie_id, COUNT(*), SUM(rating),
       SUM(rating = 1), SUM(rating = 2), SUM(rating = 3), SUM(rating = 4), SUM(rating = 5)
FROM reviews GROUP BY movie_id;

CREATE TRIGGER reviews_stats_insert AFTER INSERT ON reviews
BEGIN
    INSERT INTO movie_review_stats (movie_id) VALUES (NEW.movie_id)
        ON CONFLICT (movie_id) DO NOTHING;
    UPDATE movie_review_stats SET
        review_count = review_count + 1,
        rating_sum = rating_sum + NEW.rating,
        rating_1 = rating_1 + (NEW.rating = 1),
        rating_2 = rating_2 + (NEW.rating = 2),
        rating_3 = rating_3 + (NEW.rating = 3),
        rating_4 = rating_4 + (NEW.rating = 4),
        rating_5 = rating_5 + (NEW.rating = 5)
    WHERE movie_id = NEW.movie_id;
END;

CREATE TRIGGER reviews_stats_delete AFTER DELETE ON reviews
BEGIN
    UPDATE movie_review_stats SET
        review_count = review_count - 1,
        rating_sum = rating_sum - OLD.rating,
        rating_1 = rating_1 - (OLD.rating = 1),
        rating_2 = rating_2 - (OLD.rating = 2),
        rating_3 = rating_3 - (OLD.rating = 3),
        rating_4 = rating_4 - (OLD.rating = 4),
        rating_5 = rating_5 - (OLD.rating = 5)
    WHERE movie_id = OLD.movie_id;
END;

CREATE TRIGGER reviews_stats_update AFTER UPDATE OF rating, movie_id ON reviews
BEGIN
    UPDATE movie_review_stats SET
        review_count = review_count - 1,
        rating_sum = rating_sum - OLD.rating,
        rating_1 = rating_1 - (OLD.rating = 1),
        rating_2 = rating_2 - (OLD.rating = 2),
        rating_3 = rating_3 - (OLD.rating = 3),
        rating_4 = rating_4 - (OLD.rating = 4),
        rating_5 = rating_5 - (OLD.rating = 5)
    WHERE movie_id = OLD.movie_id;
    INSERT INTO movie_review_stats (movie_id) VALUES (NEW.movie_id)
        ON CONFLICT (movie_id) DO NOTHING;
    UPDATE movie_review_stats SET
        review_count = review_count + 1,
        rating_sum = rating_sum + NEW.rating,
        rating_1 = rating_1 + (NEW.rating = 1),
        rating_2 = rating_2 + (NEW.rating = 2),
        rating_3 = rating_3 + (NEW.rating = 3),
        rating_4 = rating_4 + (NEW.rating = 4),
        rating_5 = rating_5 + (NEW.rating = 5)
    WHERE movie_id = NEW.movie_id;
END;

-- A review shows its newest reactions (at most 50): an index walk, not a sort of all of
-- a popular review's reactions.
CREATE INDEX review_reactions_review_created_idx
    ON review_reactions (review_id, created_at DESC, user_id DESC);
