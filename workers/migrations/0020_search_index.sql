-- The search index: each product's terms (app/catalogue/search-terms.server.ts, computed by
-- whoever writes the product: the seed today) in three columns, mirrored into an FTS5 table by
-- triggers, so the index follows every insert, update and delete of products, whoever makes it.
-- Columns by rank: names and brand first, then the category chain, then colour and descriptions.
ALTER TABLE products ADD COLUMN search_name TEXT NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN search_category TEXT NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN search_rest TEXT NOT NULL DEFAULT '';

-- External content: the terms live once, in products; the index reads them from there on a rebuild.
-- The terms are already folded and stemmed: the tokenizer only splits them (no diacritics removed: й stays й).
CREATE VIRTUAL TABLE product_search USING fts5(
  search_name, search_category, search_rest,
  content = 'products', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 0'
);

-- The index's vocabulary (term, documents, occurrences): what a misspelt word is corrected to.
CREATE VIRTUAL TABLE product_search_vocab USING fts5vocab(product_search, row);

CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN
  INSERT INTO product_search (rowid, search_name, search_category, search_rest)
  VALUES (new.id, new.search_name, new.search_category, new.search_rest);
END;

CREATE TRIGGER products_search_delete AFTER DELETE ON products BEGIN
  INSERT INTO product_search (product_search, rowid, search_name, search_category, search_rest)
  VALUES ('delete', old.id, old.search_name, old.search_category, old.search_rest);
END;

CREATE TRIGGER products_search_update AFTER UPDATE OF search_name, search_category, search_rest ON products BEGIN
  INSERT INTO product_search (product_search, rowid, search_name, search_category, search_rest)
  VALUES ('delete', old.id, old.search_name, old.search_category, old.search_rest);
  INSERT INTO product_search (rowid, search_name, search_category, search_rest)
  VALUES (new.id, new.search_name, new.search_category, new.search_rest);
END;

-- Rows already there: indexed as they are (their terms come with the seed's next run, which
-- rewrites the demo catalogue when it changes, through the triggers above).
INSERT INTO product_search (product_search) VALUES ('rebuild');
