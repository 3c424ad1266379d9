-- Leffaseura's whole schema on SQLite. Kept in step with
-- adapters/postgres/migrations/0001_initial.sql: same tables, columns, constraint names and
-- indexes, so the one store in adapters/sql runs unchanged on both.
--
-- Conventions:
-- * ids are INTEGER PRIMARY KEY AUTOINCREMENT: a deleted row's id is never handed out again
--   (an old token must never log in as a newer user);
-- * timestamps are Unix epoch milliseconds; flags are 0/1 integers;
-- * case-insensitive uniqueness uses *_key columns lower-cased by the application, because
--   SQLite's lower() folds only ASCII ("Äijä" and "äijä" must clash);
-- * counters (review_count, likes, …) are changed in the same transaction as the rows they
--   count; CHECKs keep them from going negative;
-- * ON DELETE is deliberate: an account takes its reviews, reactions, favorites and
--   memberships with it; groups.owner_id does NOT cascade, because the account-deletion
--   transaction hands the group over (or deletes it) first.

CREATE TABLE users (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    username          TEXT    NOT NULL,
    username_key      TEXT    NOT NULL,
    email             TEXT    NOT NULL,
    password_hash     TEXT    NOT NULL,
    bio               TEXT    NOT NULL DEFAULT '',
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL,
    token_version     INTEGER NOT NULL DEFAULT 0,
    banned            INTEGER NOT NULL DEFAULT 0 CHECK (banned IN (0, 1)),
    is_admin          INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
    review_count      INTEGER NOT NULL DEFAULT 0 CHECK (review_count >= 0),
    rating_sum        INTEGER NOT NULL DEFAULT 0 CHECK (rating_sum >= 0),
    likes_received    INTEGER NOT NULL DEFAULT 0 CHECK (likes_received >= 0),
    dislikes_received INTEGER NOT NULL DEFAULT 0 CHECK (dislikes_received >= 0)
);
CREATE UNIQUE INDEX users_username_key ON users (username_key);
CREATE UNIQUE INDEX users_email_key ON users (email);
-- "Popular users": aura = likes received - dislikes received, users with reviews only.
CREATE INDEX users_aura_idx ON users ((likes_received - dislikes_received) DESC, id)
    WHERE review_count >= 1;
-- "Most active users".
CREATE INDEX users_review_count_idx ON users (review_count DESC, id);

CREATE TABLE genres (
    id   INTEGER PRIMARY KEY,
    name TEXT    NOT NULL
);
INSERT INTO genres (id, name) VALUES
    (28, 'Action'), (12, 'Adventure'), (16, 'Animation'), (35, 'Comedy'), (80, 'Crime'),
    (99, 'Documentary'), (18, 'Drama'), (10751, 'Family'), (14, 'Fantasy'),
    (36, 'History'), (27, 'Horror'), (10402, 'Music'), (9648, 'Mystery'),
    (10749, 'Romance'), (878, 'Science Fiction'), (10770, 'TV Movie'), (53, 'Thriller'),
    (10752, 'War'), (37, 'Western');

CREATE TABLE themes (
    id   INTEGER PRIMARY KEY,
    name TEXT    NOT NULL
);
INSERT INTO themes (id, name) VALUES (1, 'blue'), (2, 'green'), (3, 'purple'), (4, 'orange');

-- Every movie seen (TMDB id), so reviews, favorites and groups show titles without TMDB.
CREATE TABLE movies (
    id             INTEGER PRIMARY KEY,
    title          TEXT    NOT NULL,
    original_title TEXT    NOT NULL DEFAULT '',
    release_date   TEXT    NOT NULL DEFAULT '',
    release_year   INTEGER,
    poster_path    TEXT,
    vote_average   REAL,
    updated_at     INTEGER NOT NULL
);

-- Cached upstream answers (TMDB, Finnkino), keyed by request.
CREATE TABLE movie_cache (
    cache_key  TEXT    PRIMARY KEY,
    body       TEXT    NOT NULL,
    fetched_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX movie_cache_expires_idx ON movie_cache (expires_at);

-- movie_id has no foreign key: a review may be written before the movie row exists.
CREATE TABLE reviews (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    movie_id   INTEGER NOT NULL,
    rating     INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    content    TEXT    NOT NULL,
    likes      INTEGER NOT NULL DEFAULT 0 CHECK (likes >= 0),
    dislikes   INTEGER NOT NULL DEFAULT 0 CHECK (dislikes >= 0),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    CONSTRAINT reviews_user_movie_key UNIQUE (user_id, movie_id)
);
CREATE INDEX reviews_movie_idx ON reviews (movie_id, created_at DESC, id DESC);
CREATE INDEX reviews_user_idx ON reviews (user_id, created_at DESC, id DESC);
CREATE INDEX reviews_recent_idx ON reviews (created_at DESC, id DESC);

CREATE TABLE review_reactions (
    review_id  INTEGER NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL CHECK (kind IN ('like', 'dislike')),
    created_at INTEGER NOT NULL,
    CONSTRAINT review_reactions_pkey PRIMARY KEY (review_id, user_id)
);
CREATE INDEX review_reactions_user_idx ON review_reactions (user_id);

CREATE TABLE groups (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    name        TEXT    NOT NULL,
    name_key    TEXT    NOT NULL,
    description TEXT    NOT NULL DEFAULT '',
    visibility  TEXT    NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'private')),
    theme_id    INTEGER REFERENCES themes (id),
    poster_url  TEXT,
    -- No cascade on purpose: deleting an account hands its groups over first.
    owner_id    INTEGER NOT NULL REFERENCES users (id),
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);
CREATE UNIQUE INDEX groups_name_key ON groups (name_key);
CREATE INDEX groups_owner_idx ON groups (owner_id);

CREATE TABLE group_genres (
    group_id INTEGER NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    genre_id INTEGER NOT NULL REFERENCES genres (id),
    CONSTRAINT group_genres_pkey PRIMARY KEY (group_id, genre_id)
);
CREATE INDEX group_genres_genre_idx ON group_genres (genre_id);

-- A pending request has requested_at and no joined_at; everyone else has joined_at.
CREATE TABLE group_members (
    group_id     INTEGER NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role         TEXT    NOT NULL CHECK (role IN ('owner', 'moderator', 'member', 'pending')),
    joined_at    INTEGER,
    requested_at INTEGER,
    CONSTRAINT group_members_pkey PRIMARY KEY (group_id, user_id),
    CONSTRAINT group_members_since_check CHECK (
        (role = 'pending' AND requested_at IS NOT NULL)
        OR (role <> 'pending' AND joined_at IS NOT NULL)
    )
);
CREATE INDEX group_members_user_idx ON group_members (user_id);
-- At most one owner per group: demote (or remove) the old owner before promoting the new.
CREATE UNIQUE INDEX group_members_one_owner_key ON group_members (group_id) WHERE role = 'owner';

-- type: 1 watchlist, 2 personal favorite, 3 group favorite (then group_id is set).
CREATE TABLE favorites (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    movie_id       INTEGER NOT NULL,
    type           INTEGER NOT NULL CHECK (type IN (1, 2, 3)),
    group_id       INTEGER REFERENCES groups (id) ON DELETE CASCADE,
    original_title TEXT    NOT NULL DEFAULT '',
    release_year   INTEGER,
    poster_path    TEXT,
    created_at     INTEGER NOT NULL,
    CONSTRAINT favorites_group_check CHECK (
        (type = 3 AND group_id IS NOT NULL) OR (type <> 3 AND group_id IS NULL)
    )
);
CREATE UNIQUE INDEX favorites_user_movie_type_key ON favorites (user_id, movie_id, type)
    WHERE group_id IS NULL;
CREATE UNIQUE INDEX favorites_group_movie_key ON favorites (group_id, movie_id)
    WHERE type = 3;
CREATE INDEX favorites_user_type_idx ON favorites (user_id, type, created_at DESC);

CREATE TABLE moderation_log (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    action     TEXT    NOT NULL,
    actor      TEXT    NOT NULL,
    target     TEXT    NOT NULL,
    reason     TEXT,
    created_at INTEGER NOT NULL
);
CREATE INDEX moderation_log_created_idx ON moderation_log (created_at DESC, id DESC);
