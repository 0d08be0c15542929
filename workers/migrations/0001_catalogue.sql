-- Catalogue: categories, brands, colours, products with translations, sizes (skus), images.
-- Money columns are INTEGER UZS.

CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER REFERENCES categories(id),
  slug TEXT NOT NULL,
  -- Full slug path ("women/footwear/sneakers"): the catalogue URL and the prefix for subtree queries.
  path TEXT NOT NULL UNIQUE,
  depth INTEGER NOT NULL,
  position INTEGER NOT NULL DEFAULT 0,
  -- The size scale its products use: clothing, footwear, kids, one (accessories).
  size_kind TEXT NOT NULL,
  name_uz TEXT NOT NULL,
  name_ru TEXT NOT NULL,
  name_uk TEXT NOT NULL
);
CREATE INDEX categories_parent ON categories(parent_id, position);

CREATE TABLE brands (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL
);

CREATE TABLE colors (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  hex TEXT NOT NULL,
  name_uz TEXT NOT NULL,
  name_ru TEXT NOT NULL,
  name_uk TEXT NOT NULL
);

CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  -- Products of one model in different colours share model_code.
  model_code TEXT NOT NULL,
  category_id INTEGER NOT NULL REFERENCES categories(id),
  brand_id INTEGER NOT NULL REFERENCES brands(id),
  color_id INTEGER NOT NULL REFERENCES colors(id),
  -- Vendor of the order line (spec: orderVendorId).
  vendor_id INTEGER NOT NULL DEFAULT 1,
  first_price INTEGER NOT NULL CHECK (first_price >= 0),
  -- 0 means the price is hidden (spec); below first_price means on sale.
  sale_price INTEGER NOT NULL CHECK (sale_price >= 0),
  in_club INTEGER NOT NULL DEFAULT 0,
  popularity INTEGER NOT NULL DEFAULT 0,
  -- Seconds since epoch; sort "new" is by this.
  created_at INTEGER NOT NULL,
  -- Silhouette used by the generated images.
  shape TEXT NOT NULL,
  -- Lower-cased names, brand and category names in all three languages,
  -- apostrophe variants folded (see app/catalogue/search-text.ts).
  search_text TEXT NOT NULL DEFAULT ''
);
CREATE INDEX products_category ON products(category_id);
CREATE INDEX products_model ON products(model_code);
CREATE INDEX products_created ON products(created_at DESC);

CREATE TABLE product_translations (
  product_id INTEGER NOT NULL REFERENCES products(id),
  lang TEXT NOT NULL CHECK (lang IN ('uz', 'ru', 'uk')),
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  PRIMARY KEY (product_id, lang)
) WITHOUT ROWID;

CREATE TABLE skus (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  size TEXT NOT NULL,
  position INTEGER NOT NULL,
  stock INTEGER NOT NULL CHECK (stock >= 0),
  UNIQUE (product_id, size)
);
CREATE INDEX skus_size ON skus(size, product_id);

CREATE TABLE images (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  position INTEGER NOT NULL,
  url TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL
);
CREATE INDEX images_product ON images(product_id, position);

-- Server-side sessions; the cookie only carries the signed id.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  data TEXT NOT NULL,
  expires_at INTEGER
);
