-- The reviews widget's scales count the answers of each value: without this index every
-- value's count read all of review_matchings (issue #14's render budget).
CREATE INDEX review_matchings_value ON review_matchings(value_id, review_id);
