-- The shop's news: an article per row (its URL slug, when it was published, its cover picture),
-- its title, summary and body per language, and the products it shows. The products are named by
-- id without a foreign key: the demo seed replaces the catalogue wholesale, and an article whose
-- product is gone simply shows one card fewer.
CREATE TABLE news (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  published_at INTEGER NOT NULL,
  cover_url TEXT NOT NULL,
  cover_width INTEGER NOT NULL,
  cover_height INTEGER NOT NULL
);
CREATE INDEX news_published ON news(published_at DESC, id DESC);
CREATE TABLE news_translations (
  news_id INTEGER NOT NULL REFERENCES news(id) ON DELETE CASCADE,
  lang TEXT NOT NULL,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  -- Plain text; paragraphs are separated by a blank line.
  body TEXT NOT NULL,
  PRIMARY KEY (news_id, lang)
);
CREATE TABLE news_products (
  news_id INTEGER NOT NULL REFERENCES news(id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (news_id, product_id)
);
