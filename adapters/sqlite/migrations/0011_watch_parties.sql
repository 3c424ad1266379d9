-- Group watch parties, their answers and the groups' calendar feed tokens (issue 13 §1).
-- Kept in step with adapters/postgres/migrations/0011_watch_parties.sql.
--
-- A party keeps a snapshot of the show (theatre, auditorium, start, title, ticket link)
-- as the showtimes listed it, so it reads right after the feed has moved on. `version`
-- grows with each status change: writes compare-and-set on (status, version). A party
-- goes with its group; the creator's name stays when their account goes. Answers go
-- with the party and with the answering account. Timestamps are epoch milliseconds.

CREATE TABLE watch_parties (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    group_id        INTEGER NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    show_id         INTEGER NOT NULL,
    event_id        INTEGER NOT NULL,
    area_id         INTEGER,
    area_name       TEXT,
    theatre_id      INTEGER NOT NULL,
    theatre         TEXT    NOT NULL,
    auditorium      TEXT    NOT NULL,
    starts_at       INTEGER NOT NULL,
    length_minutes  INTEGER,
    title           TEXT    NOT NULL,
    tmdb_id         INTEGER,
    ticket_url      TEXT,
    note            TEXT    NOT NULL DEFAULT '',
    rsvp_deadline   INTEGER,
    status          TEXT    NOT NULL CHECK (status IN ('proposed', 'scheduled', 'cancelled')),
    cancel_reason   TEXT,
    created_by      INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_by_name TEXT    NOT NULL,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    version         INTEGER NOT NULL DEFAULT 1,
    CHECK (rsvp_deadline IS NULL OR rsvp_deadline < starts_at),
    CHECK ((status = 'cancelled' AND cancel_reason IS NOT NULL)
        OR (status <> 'cancelled' AND cancel_reason IS NULL))
);
-- A group's upcoming parties and its history.
CREATE INDEX watch_parties_group_idx ON watch_parties (group_id, starts_at);
-- A user's next parties start from their memberships, then this.
CREATE INDEX watch_parties_start_idx ON watch_parties (starts_at);

CREATE TABLE watch_party_answers (
    party_id    INTEGER NOT NULL REFERENCES watch_parties (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    answer      TEXT    NOT NULL CHECK (answer IN ('going', 'maybe', 'not_going')),
    answered_at INTEGER NOT NULL,
    PRIMARY KEY (party_id, user_id)
);
CREATE INDEX watch_party_answers_user_idx ON watch_party_answers (user_id);

-- The secret of a group's calendar feed URL; revoking deletes the row.
CREATE TABLE group_calendar_tokens (
    group_id   INTEGER PRIMARY KEY REFERENCES groups (id) ON DELETE CASCADE,
    token      TEXT    NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX group_calendar_tokens_token_key ON group_calendar_tokens (token);
