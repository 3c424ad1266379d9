-- The readiness check's write probe (issue 12 §1): after a write failed with a full disk,
-- /readyz writes one page-sized row here (deleting the previous one) to prove that writes
-- fit again. Holds at most one row.
CREATE TABLE readiness_probe (
    id     BIGINT PRIMARY KEY,
    filler TEXT   NOT NULL
);
