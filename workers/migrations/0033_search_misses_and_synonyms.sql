-- Searches that found nothing, or were corrected, counted per week: what the shop learns of the
-- words shoppers use that its catalogue does not. Nothing personal: no session, no address, only
-- the query (lower case, spaces collapsed: query_key; its latest spelling: query), the page's
-- language and what it was corrected to. A week is named by its Monday, in days since 1970.
CREATE TABLE search_misses (
  week INTEGER NOT NULL,
  lang TEXT NOT NULL,
  query_key TEXT NOT NULL,
  query TEXT NOT NULL,
  corrected_to TEXT,
  count INTEGER NOT NULL,
  PRIMARY KEY (week, lang, query_key)
) WITHOUT ROWID;
CREATE INDEX search_misses_by_count ON search_misses(week, count DESC);

-- Words operators teach search: `word` means `means` (a word, or words, the catalogue's texts
-- have). Applied where the index is written: a product whose texts have every word of `means`
-- is found by `word` too (its terms join the product's search_rest).
CREATE TABLE search_synonyms (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  word TEXT NOT NULL,
  means TEXT NOT NULL,
  lang TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (word, means)
);
