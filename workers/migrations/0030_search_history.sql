-- A shopper's recent searches: an account's (owner 'u:<user id>') or a guest's (owner
-- 'g:<guest key>', the random key of their session). One row per query as the shopper reads it
-- (query_key: trimmed, spaces collapsed, lower case); searching again moves it to the top. Ids are
-- never reused (AUTOINCREMENT): removing one entry names it by id within the owner's rows.
CREATE TABLE search_history (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner TEXT NOT NULL,
  query TEXT NOT NULL,
  query_key TEXT NOT NULL,
  searched_ms INTEGER NOT NULL,
  UNIQUE (owner, query_key)
);
CREATE INDEX search_history_recent ON search_history(owner, searched_ms DESC);
