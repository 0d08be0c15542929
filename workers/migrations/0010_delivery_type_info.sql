-- A delivery type's notes (spec §3 "Delivery type option" info[]): shown as tooltips
-- beside the type. A JSON array of strings per language.
ALTER TABLE delivery_types ADD COLUMN info_uz TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(info_uz) AND json_type(info_uz) = 'array');
ALTER TABLE delivery_types ADD COLUMN info_ru TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(info_ru) AND json_type(info_ru) = 'array');
ALTER TABLE delivery_types ADD COLUMN info_uk TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(info_uk) AND json_type(info_uk) = 'array');
