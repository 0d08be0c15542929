-- A review's edits count up, so a moderator's decision names the version they read:
-- an edit made after the list was read is not published (or deleted) unseen.
ALTER TABLE reviews ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
