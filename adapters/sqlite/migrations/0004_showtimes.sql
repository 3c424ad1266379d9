-- Showtimes (issue 9). Kept in step with adapters/postgres/migrations/0004_showtimes.sql.
-- The feed's answers themselves are cached in movie_cache (keys `finnkino:…`).
--
-- showtime_event_matches: which catalog (TMDB) movie each Finnkino event is, so that a
-- title is looked up once. tmdb_id is NULL when no candidate was confident enough (the
-- miss is remembered too, and retried after a few days); the movie's facts are copied
-- so that a warm schedule is enriched from this table alone.
CREATE TABLE showtime_event_matches (
    event_id       INTEGER PRIMARY KEY,
    tmdb_id        INTEGER,
    title          TEXT    NOT NULL DEFAULT '',
    original_title TEXT    NOT NULL DEFAULT '',
    release_year   INTEGER,
    poster_path    TEXT,
    overview       TEXT    NOT NULL DEFAULT '',
    vote_average   REAL    NOT NULL DEFAULT 0,
    confidence     REAL    NOT NULL DEFAULT 0 CHECK (confidence >= 0 AND confidence <= 1),
    checked_at     INTEGER NOT NULL
);
CREATE INDEX showtime_event_matches_tmdb_idx ON showtime_event_matches (tmdb_id);

-- showtime_preferences: a user's chosen theatre area and Showtimes filters.
CREATE TABLE showtime_preferences (
    user_id                         INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    area_id                         INTEGER,
    original_with_finnish_subtitles INTEGER NOT NULL DEFAULT 0
        CHECK (original_with_finnish_subtitles IN (0, 1)),
    finnish_dub                     INTEGER NOT NULL DEFAULT 0 CHECK (finnish_dub IN (0, 1)),
    three_d                         INTEGER NOT NULL DEFAULT 0 CHECK (three_d IN (0, 1)),
    imax                            INTEGER NOT NULL DEFAULT 0 CHECK (imax IN (0, 1)),
    max_rating                      TEXT
        CHECK (max_rating IN ('S', 'K-7', 'K-12', 'K-16', 'K-18')),
    updated_at                      INTEGER NOT NULL
);
