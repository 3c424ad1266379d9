-- Runs of failed logins per client address and email (core/src/domain/login_lock.rs):
-- ten within 15 minutes of the first lock that pair out for the rest of the window, on
-- every server process of this database. `email` is trimmed and lowercased; `first_at`
-- is Unix epoch milliseconds like every timestamp of the schema.
-- Kept in step between adapters/sqlite and adapters/postgres.
CREATE TABLE login_failures (
    client TEXT NOT NULL,
    email TEXT NOT NULL,
    failures BIGINT NOT NULL CHECK (failures > 0),
    first_at BIGINT NOT NULL,
    CONSTRAINT login_failures_pkey PRIMARY KEY (client, email)
);

CREATE INDEX login_failures_by_first ON login_failures (first_at);
