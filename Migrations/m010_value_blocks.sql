-- Restack schema, migration 10: a new record's value takes the place of a value its save
-- releases.
-- Applied under the identifier "restack.m010_value_blocks".
--
-- Value ids are given in blocks of 16 from now on: a value that takes no other value's place
-- starts a block above every id ever given, and a save that releases a value (one no tree names
-- any more, such as a screen popped as many saves ago as retention keeps) gives a new record the
-- id after it, in its block. SQLite keeps a table's rows in id order, so the new value is written
-- on the page where the released one was: a navigation change writes less than a JSON file of
-- the state does (<doc:Performance>). An id is still never given twice: a block's ids are given
-- one after another, each only when the one before it is released by the same save.
--
-- The ids given before this migration were given one after another, so none of them may be
-- succeeded: `restack_meta`'s `value_blocks_from` says where blocks begin, the first multiple of
-- 16 above every id ever given (the largest present, or `value_high_water`). A damaged mark (not
-- an integer of at least 0, so the ids given cannot be told) or one within 16 of the largest
-- integer leaves it NULL: no value is then given another's place. An older Restack refuses a
-- store with this migration, and so never gives an id a block holds.
--
-- Every row is kept; one is added.

INSERT INTO restack_meta (key, value)
SELECT 'value_blocks_from',
       CASE WHEN mark IS NOT NULL AND (typeof(mark) != 'integer' OR mark < 0) THEN NULL
            WHEN MAX(largest, COALESCE(mark, 0)) > 9223372036854775807 - 16 THEN NULL
            ELSE (MAX(largest, COALESCE(mark, 0)) / 16 + 1) * 16 END
FROM (SELECT COALESCE((SELECT MAX(id) FROM restack_value), 0) AS largest,
             (SELECT value FROM restack_meta WHERE key = 'value_high_water') AS mark);
