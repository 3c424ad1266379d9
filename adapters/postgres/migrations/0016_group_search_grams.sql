-- Group search without reading every group (issue 14). Kept in step with
-- adapters/sqlite/migrations/0016_group_search_grams.sql, which says why and how.
CREATE TABLE search_positions (n INTEGER PRIMARY KEY);
INSERT INTO search_positions (n) SELECT generate_series(1, 20000);

-- Every piece of every group, as group_search_grams keeps them (after GROUP BY group_id,
-- piece with MAX(in_name)); filtered by group, each part reads that group's row only.
CREATE VIEW group_search_pieces (group_id, piece, in_name) AS
SELECT g.id, '', 1 FROM groups g
UNION ALL
SELECT g.id, substr(g.name_search, p.n, w.w), 1
FROM groups g CROSS JOIN (VALUES (1), (2), (3)) AS w(w)
JOIN search_positions p ON p.n <= length(g.name_search) - w.w + 1
UNION ALL
SELECT g.id, substr(g.description_search, p.n, w.w), 0
FROM groups g CROSS JOIN (VALUES (1), (2), (3)) AS w(w)
JOIN search_positions p ON p.n <= length(g.description_search) - w.w + 1;

CREATE TABLE group_search_grams (
    gram     TEXT     NOT NULL,
    in_name  SMALLINT NOT NULL,
    group_id BIGINT   NOT NULL,
    PRIMARY KEY (gram, in_name, group_id)
);
CREATE INDEX group_search_grams_group ON group_search_grams (group_id);

CREATE TABLE group_search_gram_counts (
    gram    TEXT     NOT NULL,
    in_name SMALLINT NOT NULL,
    groups  BIGINT   NOT NULL CHECK (groups >= 0),
    PRIMARY KEY (gram, in_name)
);

CREATE FUNCTION group_search_grams_keep_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO group_search_gram_counts (gram, in_name, groups)
            VALUES (NEW.gram, NEW.in_name, 1)
            ON CONFLICT (gram, in_name)
            DO UPDATE SET groups = group_search_gram_counts.groups + 1;
    ELSE
        UPDATE group_search_gram_counts SET groups = groups - 1
            WHERE gram = OLD.gram AND in_name = OLD.in_name;
        DELETE FROM group_search_gram_counts
            WHERE gram = OLD.gram AND in_name = OLD.in_name AND groups = 0;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER group_search_grams_count
    AFTER INSERT OR DELETE ON group_search_grams
    FOR EACH ROW EXECUTE FUNCTION group_search_grams_keep_counts();

-- The pieces of one group, in piece order, so that concurrent writers of groups sharing
-- pieces update their counters in the same order.
CREATE FUNCTION groups_keep_search_grams() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        IF TG_OP = 'UPDATE' AND OLD.name_search IS NOT DISTINCT FROM NEW.name_search
           AND OLD.description_search IS NOT DISTINCT FROM NEW.description_search THEN
            RETURN NULL;
        END IF;
        DELETE FROM group_search_grams WHERE group_id = OLD.id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO group_search_grams (gram, in_name, group_id)
        SELECT piece, MAX(in_name), group_id FROM group_search_pieces
        WHERE group_id = NEW.id GROUP BY group_id, piece ORDER BY piece;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER groups_search_grams
    AFTER INSERT OR DELETE OR UPDATE OF name_search, description_search ON groups
    FOR EACH ROW EXECUTE FUNCTION groups_keep_search_grams();

INSERT INTO group_search_grams (gram, in_name, group_id)
SELECT piece, MAX(in_name), group_id FROM group_search_pieces
GROUP BY group_id, piece ORDER BY piece;

-- Statistics now, not when autovacuum gets to it: the pieces of an existing site arrive in
-- one statement, and the searches are planned from these numbers.
ANALYZE search_positions;
ANALYZE group_search_grams;
ANALYZE group_search_gram_counts;
