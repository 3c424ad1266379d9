-- Users' reports of reviews, groups and users, and how admins resolved them (issue 10).
-- Kept in step with adapters/postgres/migrations/0008_reports.sql.
--
-- target_id has no foreign key: the target (a review, group or user, by target_type) may
-- be deleted, often by the report's own resolution, and the reporter still sees the
-- report and its resolution; target_label keeps how the target read when reported.
-- target_user_id is the user answerable for the target (the review's author, the group's
-- owner, the reported user), for a ban; it is cleared when that account is deleted.
-- A reporter's reports go with their account.
-- One open report per reporter and target: reports_open_key (a partial unique index).
-- Timestamps are epoch milliseconds.

CREATE TABLE reports (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    reporter_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target_type       TEXT    NOT NULL CHECK (target_type IN ('review', 'group', 'user')),
    target_id         INTEGER NOT NULL,
    target_user_id    INTEGER REFERENCES users (id) ON DELETE SET NULL,
    target_label      TEXT    NOT NULL,
    reason            TEXT    NOT NULL CHECK (reason IN ('spam', 'abuse', 'spoilers', 'other')),
    note              TEXT,
    created_at        INTEGER NOT NULL,
    status            TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
    resolution        TEXT    CHECK (resolution IN
                          ('dismissed', 'review_deleted', 'user_banned', 'group_deleted')),
    resolved_at       INTEGER,
    resolved_by       TEXT,
    resolution_reason TEXT,
    CHECK ((status = 'open' AND resolution IS NULL AND resolved_at IS NULL
               AND resolved_by IS NULL)
        OR (status = 'resolved' AND resolution IS NOT NULL AND resolved_at IS NOT NULL
               AND resolved_by IS NOT NULL))
);
CREATE UNIQUE INDEX reports_open_key ON reports (reporter_id, target_type, target_id)
    WHERE status = 'open';
-- The reporter's list and the hourly rate limit.
CREATE INDEX reports_reporter_idx ON reports (reporter_id, created_at DESC, id DESC);
-- The admin's queue.
CREATE INDEX reports_status_idx ON reports (status, id DESC);
-- Resolving every open report on one target.
CREATE INDEX reports_open_target_idx ON reports (target_type, target_id) WHERE status = 'open';
