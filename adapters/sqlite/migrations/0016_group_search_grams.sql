-- Group search without reading every group (issue 14). Kept in step with
-- adapters/postgres/migrations/0016_group_search_grams.sql.
--
-- A search for "a" matched name or description of nearly all 2,000 groups: its exact
-- total read every group's folded name and description, and its page sorted every match.
-- group_search_grams lists, per group, every distinct 1-, 2- and 3-character piece of its
-- folded name and description (in_name 1 when it occurs in the name), plus the empty
-- piece for every group; group_search_gram_counts counts the groups per piece. A query of
-- up to three characters (folded) is then a piece: its total is a counter, its page a
-- walk of the popular order tested against the pieces (or of the pieces themselves when
-- few groups have it). A longer query reads only the groups that have its rarest
-- three-character piece. adapters/sql/src/groups/grams.rs reads it.
-- Triggers keep both tables in step with `groups`, whatever writes it.
CREATE TABLE search_positions (n INTEGER PRIMARY KEY);

-- Folded text can be longer than the 2,000 characters a description may have (one
-- character may fold to several), so the positions go well past it.
INSERT INTO search_positions (n)
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 20000)
SELECT n FROM seq;

-- Every piece of every group, as group_search_grams keeps them (after GROUP BY group_id,
-- piece with MAX(in_name)); filtered by group, each part reads that group's row only.
CREATE VIEW group_search_pieces (group_id, piece, in_name) AS
SELECT g.id, '', 1 FROM groups g
UNION ALL
SELECT g.id, substr(g.name_search, p.n, w.w), 1
FROM groups g CROSS JOIN (SELECT 1 AS w UNION ALL SELECT 2 UNION ALL SELECT 3) w
JOIN search_positions p ON p.n <= length(g.name_search) - w.w + 1
UNION ALL
SELECT g.id, substr(g.description_search, p.n, w.w), 0
FROM groups g CROSS JOIN (SELECT 1 AS w UNION ALL SELECT 2 UNION ALL SELECT 3) w
JOIN search_positions p ON p.n <= length(g.description_search) - w.w + 1;

CREATE TABLE group_search_grams (
    gram     TEXT    NOT NULL,
    in_name  INTEGER NOT NULL,
    group_id INTEGER NOT NULL,
    PRIMARY KEY (gram, in_name, group_id)
);
CREATE INDEX group_search_grams_group ON group_search_grams (group_id);

CREATE TABLE group_search_gram_counts (
    gram    TEXT    NOT NULL,
    in_name INTEGER NOT NULL,
    groups  INTEGER NOT NULL CHECK (groups >= 0),
    PRIMARY KEY (gram, in_name)
);

CREATE TRIGGER group_search_grams_count AFTER INSERT ON group_search_grams
BEGIN
    INSERT INTO group_search_gram_counts (gram, in_name, groups)
        VALUES (NEW.gram, NEW.in_name, 1)
        ON CONFLICT (gram, in_name) DO UPDATE SET groups = groups + 1;
END;

CREATE TRIGGER group_search_grams_uncount AFTER DELETE ON group_search_grams
BEGIN
    UPDATE group_search_gram_counts SET groups = groups - 1
        WHERE gram = OLD.gram AND in_name = OLD.in_name;
    DELETE FROM group_search_gram_counts
        WHERE gram = OLD.gram AND in_name = OLD.in_name AND groups = 0;
END;

CREATE TRIGGER groups_search_grams_insert AFTER INSERT ON groups
BEGIN
    INSERT INTO group_search_grams (gram, in_name, group_id)
    SELECT piece, MAX(in_name), group_id FROM group_search_pieces
    WHERE group_id = NEW.id GROUP BY group_id, piece;
END;

CREATE TRIGGER groups_search_grams_update AFTER UPDATE OF name_search, description_search
ON groups
WHEN OLD.name_search IS NOT NEW.name_search
  OR OLD.description_search IS NOT NEW.description_search
BEGIN
    DELETE FROM group_search_grams WHERE group_id = OLD.id;
    INSERT INTO group_search_grams (gram, in_name, group_id)
    SELECT piece, MAX(in_name), group_id FROM group_search_pieces
    WHERE group_id = NEW.id GROUP BY group_id, piece;
END;

CREATE TRIGGER groups_search_grams_delete AFTER DELETE ON groups
BEGIN
    DELETE FROM group_search_grams WHERE group_id = OLD.id;
END;

INSERT INTO group_search_grams (gram, in_name, group_id)
SELECT piece, MAX(in_name), group_id FROM group_search_pieces GROUP BY group_id, piece;
