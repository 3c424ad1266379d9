-- Counters of rate-limited attempts (issue 12 §2): logins and registrations per client
-- address in fixed windows, shared by every server process on this database.
-- `window_start` is Unix epoch milliseconds like every timestamp of the schema.
-- Kept in step between adapters/sqlite and adapters/postgres.
CREATE TABLE rate_limit_attempts (
    action TEXT NOT NULL CHECK (action IN ('login', 'register')),
    client TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    attempts BIGINT NOT NULL CHECK (attempts > 0),
    CONSTRAINT rate_limit_attempts_pkey PRIMARY KEY (action, client, window_start)
);

CREATE INDEX rate_limit_attempts_by_window ON rate_limit_attempts (action, window_start);
