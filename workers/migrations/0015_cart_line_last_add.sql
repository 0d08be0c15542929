-- The last add of a line (when, in ms, and how many): a document form sent twice by a double
-- click (no JavaScript) repeats the same add within a moment; the add statement counts it once.
ALTER TABLE cart_lines ADD COLUMN last_add_ms INTEGER;
ALTER TABLE cart_lines ADD COLUMN last_add_quantity INTEGER;
