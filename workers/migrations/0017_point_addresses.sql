-- A store's or post office's address in each language, as its title and schedule
-- already are: an order names its point in the language of the page showing it.
-- The one address so far was written in Uzbek; the others fall back to it while empty.
ALTER TABLE delivery_points RENAME COLUMN address TO address_uz;
ALTER TABLE delivery_points ADD COLUMN address_ru TEXT NOT NULL DEFAULT '';
ALTER TABLE delivery_points ADD COLUMN address_uk TEXT NOT NULL DEFAULT '';
