-- Size charts: what a size measures, per size scale (a category's size_kind), narrowed to a
-- category subtree and/or a brand. A product's chart is the most specific that fits it:
-- its brand's before any brand's, then the deepest category (see app/catalogue/size-table.server.ts).
-- No foreign keys: the demo seed replaces categories and brands wholesale when it changes.
CREATE TABLE size_charts (
  id INTEGER PRIMARY KEY,
  size_kind TEXT NOT NULL,
  -- NULL: every category of the scale; else this category and those under it.
  category_id INTEGER,
  -- NULL: every brand.
  brand_id INTEGER,
  -- The measurements its rows give, in order: a JSON array of chest, waist, hips, height, foot.
  measures TEXT NOT NULL
);
CREATE INDEX size_charts_kind ON size_charts(size_kind);

CREATE TABLE size_chart_rows (
  chart_id INTEGER NOT NULL,
  position INTEGER NOT NULL,
  -- The size as the product's skus name it ("M", "38", "104").
  size TEXT NOT NULL,
  eu TEXT NOT NULL,
  ru TEXT NOT NULL,
  uz TEXT NOT NULL,
  -- A JSON object: measure → centimetres, a range or one figure ("88–92", "24.5").
  measurements TEXT NOT NULL,
  PRIMARY KEY (chart_id, position)
) WITHOUT ROWID;
