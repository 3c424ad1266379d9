-- The language a user reads the product in (issue 11): 'fi' or 'en', NULL until chosen.
-- Kept in step between adapters/sqlite and adapters/postgres.
ALTER TABLE users ADD COLUMN language TEXT CHECK (language IN ('fi', 'en'));
