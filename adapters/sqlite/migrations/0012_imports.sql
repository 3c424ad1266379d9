-- Letterboxd imports (issue 13 §2): one job per upload, with its parsed rows as items,
-- so the dry run, the user's choices and the background import survive a restart.
-- Kept in step with adapters/postgres/migrations/0012_imports.sql.
--
-- A worker holds a job while lease_until (epoch ms) is in the future; claiming is a
-- compare-and-set on the lease, so two servers never run one job at once, and a job
-- whose worker died is taken over when its lease runs out.
-- Items: match_status says what the catalog answered (candidates as JSON
-- [{id,title,original_title,release_date,poster_path}]); outcome what the import does
-- with the row. A user's jobs go with their account.
-- Timestamps are epoch milliseconds.

CREATE TABLE import_jobs (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    source       TEXT    NOT NULL CHECK (source IN ('letterboxd')),
    status       TEXT    NOT NULL CHECK (status IN
                     ('parsing', 'matching', 'ready', 'importing', 'done', 'failed')),
    error        TEXT,
    to_import    INTEGER NOT NULL DEFAULT 0,
    lease_owner  TEXT,
    lease_until  INTEGER,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
);
CREATE INDEX import_jobs_user_idx ON import_jobs (user_id, id DESC);
-- The workers' poll: jobs with work to do.
CREATE INDEX import_jobs_work_idx ON import_jobs (status, lease_until)
    WHERE status IN ('matching', 'importing');

CREATE TABLE import_items (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    job_id       INTEGER NOT NULL REFERENCES import_jobs (id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,
    kind         TEXT    NOT NULL CHECK (kind IN ('review', 'watchlist', 'rating')),
    title        TEXT    NOT NULL,
    year         INTEGER,
    rating       INTEGER,
    rating_defaulted INTEGER NOT NULL DEFAULT 0,
    text         TEXT,
    watched_at   INTEGER,
    match_status TEXT    NOT NULL CHECK (match_status IN
                     ('pending', 'matched', 'ambiguous', 'unmatched', 'not_needed')),
    candidates   TEXT    NOT NULL DEFAULT '[]',
    tmdb_id      INTEGER,
    outcome      TEXT    NOT NULL CHECK (outcome IN
                     ('pending', 'would_add', 'skip_existing', 'skipped', 'unmatched',
                      'ambiguous', 'added')),
    reason       TEXT    CHECK (reason IN ('no_review_text', 'too_long'))
);
CREATE UNIQUE INDEX import_items_position_key ON import_items (job_id, position);
CREATE INDEX import_items_outcome_idx ON import_items (job_id, outcome, position);
