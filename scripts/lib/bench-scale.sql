-- scripts/bench --factor N (N > 1): grows a database that `leffaseura-admin seed` filled at
-- 1x to N times its users, reviews, reactions, favorites, watchlist entries and groups (with
-- their members and join requests), in SQL.
-- Seeding 2 M reviews and 6 M reactions through the use cases takes hours; this takes
-- minutes. The same text runs on SQLite (sqlite3 -bail) and Postgres (psql ON_ERROR_STOP):
-- recursive CTEs, window functions, UPDATE ... FROM and FILTER exist on both.
--
-- scripts/bench prepends `CREATE TEMP TABLE scale_params AS SELECT <factor> AS factor,
-- <hot movie> AS hot;`. What it adds, per 1x user (2,000 of them): one new user who reviews
-- the hot movie and 9 other movies (so the hot movie keeps 1/10 of all reviews, as at 1x),
-- 3 reactions on each new review by other users (1 in 4 a dislike), 5 favorites and 3
-- watchlist entries. Every counter the application keeps (reviews' likes and dislikes,
-- users' review count, rating sum, likes and dislikes received, movie_review_stats,
-- movie_review_buckets, the groups' search pieces and their counters) is then
-- computed from the rows. On Postgres scripts/bench runs this with
-- `session_replication_role = replica` (no per-row triggers): the movie statistics trigger
-- would update the same hundred rows two million times in one transaction, and none of those
-- row versions can be pruned before it commits. The new users join groups only after their
-- reviews are in, so the group activity trigger (SQLite runs it) changes nothing, and the
-- members' counts are computed from the rows like the other counters.
-- Deterministic: the same factor on the same 1x data gives the same rows.

BEGIN;

CREATE TEMP TABLE scale AS
SELECT (SELECT COUNT(*) FROM users) AS base_users,
       (SELECT COUNT(*) FROM groups) AS base_groups,
       (SELECT MAX(id) FROM users) AS last_user,
       (SELECT COALESCE(MAX(id), 0) FROM reviews) AS last_review,
       (SELECT password_hash FROM users ORDER BY id LIMIT 1) AS hash,
       (SELECT MAX(created_at) FROM reviews) AS now_ms,
       p.factor, p.hot
FROM scale_params p;

CREATE TEMP TABLE scale_movies AS
SELECT row_number() OVER (ORDER BY movie_id) - 1 AS n, movie_id
FROM (SELECT DISTINCT movie_id FROM reviews
      WHERE movie_id <> (SELECT hot FROM scale)) AS m;

INSERT INTO users (username, username_key, email, password_hash, created_at, updated_at)
WITH RECURSIVE seq(n) AS (
    SELECT 1 UNION ALL SELECT n + 1 FROM seq
    WHERE n < (SELECT (factor - 1) * base_users FROM scale)
)
SELECT 'scale_' || n, 'scale_' || n, 'scale_' || n || '@demo.example', s.hash,
       s.now_ms - n * 1000, s.now_ms - n * 1000
FROM seq, scale s;

-- Every user by rank (0-based), so reactors are picked by arithmetic on ranks.
CREATE TEMP TABLE scale_ranks AS
SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM users;
CREATE INDEX scale_ranks_n ON scale_ranks (n);
CREATE INDEX scale_ranks_id ON scale_ranks (id);

CREATE TEMP TABLE scale_users AS
SELECT row_number() OVER (ORDER BY id) AS n, id FROM users
WHERE id > (SELECT last_user FROM scale);

CREATE TEMP TABLE scale_k(k BIGINT);
INSERT INTO scale_k (k) VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);

-- k = 0 is the hot movie; k = 1..9 are nine distinct other movies per user.
INSERT INTO reviews (user_id, movie_id, rating, content, created_at, updated_at)
SELECT u.id,
       CASE WHEN k.k = 0 THEN s.hot
            ELSE (SELECT m.movie_id FROM scale_movies m
                  WHERE m.n = (u.n * 7 + k.k) % (SELECT COUNT(*) FROM scale_movies)) END,
       1 + (u.n * 3 + k.k) % 5,
       CASE (u.n + k.k) % 6
           WHEN 0 THEN 'A film I keep coming back to.'
           WHEN 1 THEN 'Beautifully shot, but the story drags in the middle.'
           WHEN 2 THEN 'Not for me, though I see why people love it.'
           WHEN 3 THEN 'The ending stayed with me for days.'
           WHEN 4 THEN 'Great cast, forgettable plot.'
           ELSE 'Better than I remembered on a second watch.' END,
       s.now_ms - (u.n * 10 + k.k) * 60000,
       s.now_ms - (u.n * 10 + k.k) * 60000
FROM scale_users u, scale_k k, scale s
ORDER BY u.n, k.k;

-- Three reactions per new review, by the users 7,919, 15,838 and 23,757 ranks after the
-- author (modulo the user count): never the author, never twice.
INSERT INTO review_reactions (review_id, user_id, kind, created_at)
SELECT r.id, reactor.id,
       CASE WHEN (r.id + k.k) % 4 = 0 THEN 'dislike' ELSE 'like' END,
       r.created_at + k.k * 1000
FROM reviews r
JOIN scale_ranks author ON author.id = r.user_id
JOIN scale_k k ON k.k BETWEEN 1 AND 3
JOIN scale_ranks reactor
  ON reactor.n = (author.n + k.k * 7919) % (SELECT COUNT(*) FROM scale_ranks)
WHERE r.id > (SELECT last_review FROM scale);

UPDATE reviews SET
    likes = c.likes,
    dislikes = c.dislikes
FROM (SELECT review_id,
             COUNT(*) FILTER (WHERE kind = 'like') AS likes,
             COUNT(*) FILTER (WHERE kind = 'dislike') AS dislikes
      FROM review_reactions
      WHERE review_id > (SELECT last_review FROM scale)
      GROUP BY review_id) AS c
WHERE reviews.id = c.review_id;

UPDATE users SET
    review_count = c.review_count,
    rating_sum = c.rating_sum,
    likes_received = c.likes,
    dislikes_received = c.dislikes
FROM (SELECT user_id, COUNT(*) AS review_count, SUM(rating) AS rating_sum,
             SUM(likes) AS likes, SUM(dislikes) AS dislikes
      FROM reviews
      WHERE user_id > (SELECT last_user FROM scale)
      GROUP BY user_id) AS c
WHERE users.id = c.user_id;

-- Favorites (type 2, five per new user) and the watchlist (type 1, three per new user).
INSERT INTO favorites (user_id, movie_id, type, original_title, release_year, poster_path,
                       created_at)
SELECT u.id, m.movie_id, CASE WHEN k.k < 5 THEN 2 ELSE 1 END,
       COALESCE(mv.original_title, ''), mv.release_year, mv.poster_path,
       s.now_ms - (u.n * 10 + k.k) * 60000
FROM scale_users u
JOIN scale_k k ON k.k < 8
JOIN scale_movies m ON m.n = (u.n * 3 + k.k) % (SELECT COUNT(*) FROM scale_movies)
LEFT JOIN movies mv ON mv.id = m.movie_id
CROSS JOIN scale s;

-- Groups grow with the users: (factor - 1) times the 1x seed's groups more, each owned by a
-- new user. As in the seed, every third is private (its others are pending requests) and a
-- group has up to 24 others besides its owner, here the users 7,919 ranks apart from the
-- owner's (never the owner, never twice); no genres, as in the seed. Names and search keys
-- are ASCII lower case, what the application's folding gives them.
CREATE TEMP TABLE scale_groups AS
WITH RECURSIVE seq(n) AS (
    SELECT 1 UNION ALL SELECT n + 1 FROM seq
    WHERE n < (SELECT (factor - 1) * base_groups FROM scale)
)
SELECT seq.n, owner.n AS owner_rank, owner.id AS owner_id,
       seq.n % 3 = 2 AS private, seq.n % 25 AS others,
       s.now_ms - seq.n * 60000 AS at
FROM seq
CROSS JOIN scale s
JOIN scale_ranks owner
  ON owner.n = s.base_users + (seq.n * 97) % ((s.factor - 1) * s.base_users);

INSERT INTO groups (name, name_key, name_search, description, description_search, visibility,
                    theme_id, owner_id, created_at, updated_at, activity_at)
SELECT 'Scale club ' || g.n, 'scale club ' || g.n, 'scale club ' || g.n,
       'Demo group ' || g.n || ' of the scaled data.',
       'demo group ' || g.n || ' of the scaled data.',
       CASE WHEN g.private THEN 'private' ELSE 'public' END,
       1 + g.n % 4, g.owner_id, g.at, g.at, g.at
FROM scale_groups g
ORDER BY g.n;

CREATE TEMP TABLE scale_group_ids AS
SELECT g.*, gr.id AS group_id
FROM scale_groups g JOIN groups gr ON gr.name_key = 'scale club ' || g.n;

CREATE TEMP TABLE scale_others(k BIGINT);
INSERT INTO scale_others (k)
SELECT a.k * 10 + b.k FROM scale_k a, scale_k b WHERE a.k * 10 + b.k BETWEEN 1 AND 24;

INSERT INTO group_members (group_id, user_id, role, joined_at, requested_at)
SELECT g.group_id, g.owner_id, 'owner', g.at, NULL FROM scale_group_ids g
UNION ALL
SELECT g.group_id, other.id, CASE WHEN g.private THEN 'pending' ELSE 'member' END,
       CASE WHEN g.private THEN NULL ELSE g.at + o.k * 1000 END,
       CASE WHEN g.private THEN g.at + o.k * 1000 ELSE NULL END
FROM scale_group_ids g
JOIN scale_others o ON o.k <= g.others
JOIN scale_ranks other
  ON other.n = (g.owner_rank + o.k * 7919) % (SELECT COUNT(*) FROM scale_ranks);

UPDATE groups SET member_count =
    (SELECT COUNT(*) FROM group_members gm
     WHERE gm.group_id = groups.id AND gm.role <> 'pending')
WHERE id IN (SELECT group_id FROM scale_group_ids);

DELETE FROM movie_review_stats;
INSERT INTO movie_review_stats
    (movie_id, review_count, rating_sum, rating_1, rating_2, rating_3, rating_4, rating_5)
SELECT movie_id, COUNT(*), SUM(rating),
       COUNT(*) FILTER (WHERE rating = 1), COUNT(*) FILTER (WHERE rating = 2),
       COUNT(*) FILTER (WHERE rating = 3), COUNT(*) FILTER (WHERE rating = 4),
       COUNT(*) FILTER (WHERE rating = 5)
FROM reviews GROUP BY movie_id;

DELETE FROM movie_review_buckets;
INSERT INTO movie_review_buckets (movie_id, bucket, review_count)
SELECT movie_id, created_at / 536870912, COUNT(*) FROM reviews
GROUP BY movie_id, created_at / 536870912;

-- The groups' search pieces (migration 0016), for the groups added above.
DELETE FROM group_search_grams WHERE group_id IN (SELECT group_id FROM scale_group_ids);
INSERT INTO group_search_grams (gram, in_name, group_id)
SELECT piece, MAX(in_name), group_id FROM group_search_pieces
WHERE group_id IN (SELECT group_id FROM scale_group_ids)
GROUP BY group_id, piece;
DELETE FROM group_search_gram_counts;
INSERT INTO group_search_gram_counts (gram, in_name, groups)
SELECT gram, in_name, COUNT(*) FROM group_search_grams GROUP BY gram, in_name;

COMMIT;
ANALYZE;
