-- Where a deep page of a movie's reviews starts (issue 14). Kept in step with
-- adapters/postgres/migrations/0015_review_positions.sql.
--
-- A page at offset 100,000 of a movie's newest-first reviews walked 100,000 entries of
-- reviews_movie_idx. movie_review_buckets counts a movie's reviews per span of creation
-- time (created_at / 2^29 ms, about 6.2 days); summing the newest spans' counts finds the
-- span where the offset falls and how many reviews are newer, so the walk starts there:
-- a few hundred counter rows and at most one span's reviews, however deep the page.
-- Triggers keep the counts in step with `reviews` in the same transaction, whatever
-- writes them (the review API, account deletion's ON DELETE CASCADE, the admin CLI).
-- reviews_newer_buckets in adapters/sql/src/reviews/positions.rs reads it.
CREATE TABLE movie_review_buckets (
    movie_id     INTEGER NOT NULL,
    bucket       INTEGER NOT NULL,
    review_count INTEGER NOT NULL CHECK (review_count >= 0),
    PRIMARY KEY (movie_id, bucket)
);

INSERT INTO movie_review_buckets (movie_id, bucket, review_count)
SELECT movie_id, created_at / 536870912, COUNT(*) FROM reviews
GROUP BY movie_id, created_at / 536870912;

CREATE TRIGGER reviews_bucket_insert AFTER INSERT ON reviews
BEGIN
    INSERT INTO movie_review_buckets (movie_id, bucket, review_count)
        VALUES (NEW.movie_id, NEW.created_at / 536870912, 1)
        ON CONFLICT (movie_id, bucket) DO UPDATE SET review_count = review_count + 1;
END;

CREATE TRIGGER reviews_bucket_delete AFTER DELETE ON reviews
BEGIN
    UPDATE movie_review_buckets SET review_count = review_count - 1
        WHERE movie_id = OLD.movie_id AND bucket = OLD.created_at / 536870912;
    DELETE FROM movie_review_buckets
        WHERE movie_id = OLD.movie_id AND bucket = OLD.created_at / 536870912
          AND review_count = 0;
END;

CREATE TRIGGER reviews_bucket_update AFTER UPDATE OF movie_id, created_at ON reviews
BEGIN
    UPDATE movie_review_buckets SET review_count = review_count - 1
        WHERE movie_id = OLD.movie_id AND bucket = OLD.created_at / 536870912;
    DELETE FROM movie_review_buckets
        WHERE movie_id = OLD.movie_id AND bucket = OLD.created_at / 536870912
          AND review_count = 0;
    INSERT INTO movie_review_buckets (movie_id, bucket, review_count)
        VALUES (NEW.movie_id, NEW.created_at / 536870912, 1)
        ON CONFLICT (movie_id, bucket) DO UPDATE SET review_count = review_count + 1;
END;
