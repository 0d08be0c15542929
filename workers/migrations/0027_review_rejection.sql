-- A review the moderator rejected stays, for its author only, with the reason they were
-- given; it stays 'pending' (never shown to others) and leaves the moderation list. An edit
-- by its author clears the rejection and sends it back to moderation.
ALTER TABLE reviews ADD COLUMN rejected_reason TEXT;
ALTER TABLE reviews ADD COLUMN rejected_at INTEGER;
