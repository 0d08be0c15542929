-- Newsletter subscribers, by double opt-in. A row is written by a subscribe request (pending,
-- with the hash of its confirmation link's token and when that link expires); the link confirms
-- it once. unsubscribe_token is the random key of the unsubscribe link every newsletter e-mail
-- carries: kept as it is (the mails need it) and never changed, so an old mail's link still works.
CREATE TABLE newsletter_subscribers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL UNIQUE,
  lang TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  confirm_hash TEXT,
  confirm_expires_at INTEGER,
  unsubscribe_token TEXT NOT NULL UNIQUE,
  consent_at INTEGER NOT NULL,
  confirmed_at INTEGER,
  unsubscribed_at INTEGER,
  created_at INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE UNIQUE INDEX newsletter_subscribers_confirm ON newsletter_subscribers(confirm_hash) WHERE confirm_hash IS NOT NULL;
