-- Listings whose database cost does not grow with the catalogue (docs/decisions/024-flat-listings.md).
--
-- category_products: a product once under its own category, once under each ancestor and once
-- under 0 (the whole catalogue), with the columns listings filter and sort on. A listing reads
-- one category's rows through an index in its sort's order, and stops after its page.
CREATE TABLE category_products (
  category_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  brand_id INTEGER NOT NULL,
  color_id INTEGER NOT NULL,
  first_price INTEGER NOT NULL,
  sale_price INTEGER NOT NULL,
  in_club INTEGER NOT NULL,
  popularity INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (category_id, product_id)
) WITHOUT ROWID;
CREATE INDEX category_products_product ON category_products (product_id);
-- One per sort (app/catalogue/cards.server.ts ORDER_IN_CATEGORY): a page is read in order.
CREATE INDEX category_products_new ON category_products (category_id, created_at DESC, product_id DESC);
CREATE INDEX category_products_popular ON category_products (category_id, popularity DESC, product_id);
CREATE INDEX category_products_price_asc ON category_products (category_id, sale_price = 0, sale_price, product_id);
CREATE INDEX category_products_price_desc ON category_products (category_id, sale_price = 0, sale_price DESC, product_id);
-- The filters that narrow most (a brand, a colour, a price range), each covering what a facet's
-- count reads, so a count under one of them reads only the products it keeps.
CREATE INDEX category_products_brand ON category_products (category_id, brand_id, color_id, sale_price, first_price, in_club);
CREATE INDEX category_products_color ON category_products (category_id, color_id, brand_id, sale_price, first_price, in_club);
CREATE INDEX category_products_price ON category_products (category_id, sale_price, brand_id, color_id, first_price, in_club);

-- category_facets: per category (0: the whole catalogue), how many products it has ('total', ''),
-- per brand ('brand', id), colour ('color', id) and size in stock ('size', size), on sale
-- ('sale', '') and in the club ('club', ''). Kept by the triggers below in the same statement as
-- the write that changes them, so an unfiltered listing's counts are read, never recounted.
CREATE TABLE category_facets (
  category_id INTEGER NOT NULL,
  facet TEXT NOT NULL,
  value TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (category_id, facet, value)
) WITHOUT ROWID;

-- A row of category_products counts in its category's facets (its sizes in stock too: a
-- product that moves category takes them along); removed, it counts out.
CREATE TRIGGER category_products_count_in AFTER INSERT ON category_products BEGIN
  INSERT INTO category_facets (category_id, facet, value, n) SELECT NEW.category_id, 'total', '', 1 WHERE true
  ON CONFLICT (category_id, facet, value) DO UPDATE SET n = n + 1;
  INSERT INTO category_facets (category_id, facet, value, n) SELECT NEW.category_id, 'brand', NEW.brand_id, 1 WHERE true
  ON CONFLICT (category_id, facet, value) DO UPDATE SET n = n + 1;
  INSERT INTO category_facets (category_id, facet, value, n) SELECT NEW.category_id, 'color', NEW.color_id, 1 WHERE true
  ON CONFLICT (category_id, facet, value) DO UPDATE SET n = n + 1;
  INSERT INTO category_facets (category_id, facet, value, n) SELECT NEW.category_id, 'sale', '', 1 WHERE NEW.sale_price > 0 AND NEW.sale_price < NEW.first_price
  ON CONFLICT (category_id, facet, value) DO UPDATE SET n = n + 1;
  INSERT INTO category_facets (category_id, facet, value, n) SELECT NEW.category_id, 'club', '', 1 WHERE NEW.in_club = 1
  ON CONFLICT (category_id, facet, value) DO UPDATE SET n = n + 1;
  INSERT INTO category_facets (category_id, facet, value, n)
  SELECT NEW.category_id, 'size', s.size, 1 FROM skus s WHERE s.product_id = NEW.product_id AND s.stock > 0
  ON CONFLICT (category_id, facet, value) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER category_products_count_out AFTER DELETE ON category_products BEGIN
  INSERT INTO category_facets (category_id, facet, value, n) SELECT OLD.category_id, 'total', '', -1 WHERE true
  ON CONFLICT (category_id, facet, value) DO UPDATE SET n = n - 1;
  INSERT INTO category_facets (category_id, facet, value, n) SELECT OLD.category_id, 'brand', OLD.brand_id, -1 WHERE true
  ON CONFLICT (category_id, facet, value) DO UPDATE SET n = n - 1;
  INSERT INTO category_facets (category_id, facet, value, n) SELECT OLD.category_id, 'color', OLD.color_id, -1 WHERE true
  ON CONFLICT (category_id, facet, value) DO UPDATE SET n = n - 1;
  INSERT INTO category_facets (category_id, facet, value, n) SELECT OLD.category_id, 'sale', '', -1 WHERE OLD.sale_price > 0 AND OLD.sale_price < OLD.first_price
  ON CONFLICT (category_id, facet, value) DO UPDATE SET n = n - 1;
  INSERT INTO category_facets (category_id, facet, value, n) SELECT OLD.category_id, 'club', '', -1 WHERE OLD.in_club = 1
  ON CONFLICT (category_id, facet, value) DO UPDATE SET n = n - 1;
  INSERT INTO category_facets (category_id, facet, value, n)
  SELECT OLD.category_id, 'size', s.size, -1 FROM skus s WHERE s.product_id = OLD.product_id AND s.stock > 0
  ON CONFLICT (category_id, facet, value) DO UPDATE SET n = n - 1;
END;

-- A product's rows: its category and every ancestor (a path is a prefix of its descendants'),
-- and 0. Rewritten only when a listed column really changed (an import writes unchanged rows too).
CREATE TRIGGER products_listing_insert AFTER INSERT ON products BEGIN
  INSERT INTO category_products (category_id, product_id, brand_id, color_id, first_price, sale_price, in_club, popularity, created_at)
  SELECT a.id, NEW.id, NEW.brand_id, NEW.color_id, NEW.first_price, NEW.sale_price, NEW.in_club, NEW.popularity, NEW.created_at
  FROM categories c JOIN categories a ON c.path = a.path OR (c.path >= a.path || '/' AND c.path < a.path || '0')
  WHERE c.id = NEW.category_id
  UNION ALL SELECT 0, NEW.id, NEW.brand_id, NEW.color_id, NEW.first_price, NEW.sale_price, NEW.in_club, NEW.popularity, NEW.created_at;
END;

CREATE TRIGGER products_listing_delete AFTER DELETE ON products BEGIN
  DELETE FROM category_products WHERE product_id = OLD.id;
END;

CREATE TRIGGER products_listing_update AFTER UPDATE OF category_id, brand_id, color_id, first_price, sale_price, in_club, popularity, created_at ON products
WHEN OLD.category_id IS NOT NEW.category_id OR OLD.brand_id IS NOT NEW.brand_id OR OLD.color_id IS NOT NEW.color_id
  OR OLD.first_price IS NOT NEW.first_price OR OLD.sale_price IS NOT NEW.sale_price OR OLD.in_club IS NOT NEW.in_club
  OR OLD.popularity IS NOT NEW.popularity OR OLD.created_at IS NOT NEW.created_at
BEGIN
  DELETE FROM category_products WHERE product_id = OLD.id;
  INSERT INTO category_products (category_id, product_id, brand_id, color_id, first_price, sale_price, in_club, popularity, created_at)
  SELECT a.id, NEW.id, NEW.brand_id, NEW.color_id, NEW.first_price, NEW.sale_price, NEW.in_club, NEW.popularity, NEW.created_at
  FROM categories c JOIN categories a ON c.path = a.path OR (c.path >= a.path || '/' AND c.path < a.path || '0')
  WHERE c.id = NEW.category_id
  UNION ALL SELECT 0, NEW.id, NEW.brand_id, NEW.color_id, NEW.first_price, NEW.sale_price, NEW.in_club, NEW.popularity, NEW.created_at;
END;

-- A size counts where its product is listed while it has stock: only a change across 0 (or of
-- the size itself) touches the counts, so an order's stock take rarely does.
CREATE TRIGGER skus_size_count_insert AFTER INSERT ON skus WHEN NEW.stock > 0 BEGIN
  INSERT INTO category_facets (category_id, facet, value, n)
  SELECT l.category_id, 'size', NEW.size, 1 FROM category_products l WHERE l.product_id = NEW.product_id
  ON CONFLICT (category_id, facet, value) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER skus_size_count_delete AFTER DELETE ON skus WHEN OLD.stock > 0 BEGIN
  INSERT INTO category_facets (category_id, facet, value, n)
  SELECT l.category_id, 'size', OLD.size, -1 FROM category_products l WHERE l.product_id = OLD.product_id
  ON CONFLICT (category_id, facet, value) DO UPDATE SET n = n - 1;
END;

CREATE TRIGGER skus_size_count_update AFTER UPDATE OF stock, size ON skus
WHEN (OLD.stock > 0) IS NOT (NEW.stock > 0) OR (OLD.size IS NOT NEW.size AND NEW.stock > 0)
BEGIN
  INSERT INTO category_facets (category_id, facet, value, n)
  SELECT l.category_id, 'size', OLD.size, -1 FROM category_products l WHERE l.product_id = OLD.product_id AND OLD.stock > 0
  ON CONFLICT (category_id, facet, value) DO UPDATE SET n = n - 1;
  INSERT INTO category_facets (category_id, facet, value, n)
  SELECT l.category_id, 'size', NEW.size, 1 FROM category_products l WHERE l.product_id = NEW.product_id AND NEW.stock > 0
  ON CONFLICT (category_id, facet, value) DO UPDATE SET n = n + 1;
END;

-- The products already there.
INSERT INTO category_products (category_id, product_id, brand_id, color_id, first_price, sale_price, in_club, popularity, created_at)
SELECT a.id, p.id, p.brand_id, p.color_id, p.first_price, p.sale_price, p.in_club, p.popularity, p.created_at
FROM products p JOIN categories c ON c.id = p.category_id
JOIN categories a ON c.path = a.path OR (c.path >= a.path || '/' AND c.path < a.path || '0')
UNION ALL SELECT 0, p.id, p.brand_id, p.color_id, p.first_price, p.sale_price, p.in_club, p.popularity, p.created_at FROM products p;

