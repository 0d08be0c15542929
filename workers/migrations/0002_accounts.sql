-- Accounts: shoppers, their phones, kids, addresses; one-time codes; the outbox
-- of SMS and e-mails; rate-limit counters; sessions tied to a shopper.

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  email TEXT UNIQUE COLLATE NOCASE,
  -- The main phone, digits with the plus (+998901234567).
  phone TEXT UNIQUE,
  -- pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>; NULL for SMS-only accounts.
  password_hash TEXT,
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  birth_day INTEGER CHECK (birth_day BETWEEN 1 AND 31),
  birth_month INTEGER CHECK (birth_month BETWEEN 1 AND 12),
  birth_year INTEGER,
  -- Spec: gender is sent as 1 or 0.
  gender INTEGER CHECK (gender IN (0, 1)),
  shoe_sizes TEXT NOT NULL DEFAULT '[]',
  clothe_sizes TEXT NOT NULL DEFAULT '[]',
  email_confirmed_at INTEGER,
  created_at INTEGER NOT NULL DEFAULT (unixepoch())
);

CREATE TABLE user_phones (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  phone TEXT NOT NULL,
  verified_at INTEGER,
  UNIQUE (user_id, phone)
);

CREATE TABLE kids (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  gender INTEGER NOT NULL CHECK (gender IN (0, 1)),
  -- YYYY-MM-DD
  birthday TEXT NOT NULL
);
CREATE INDEX kids_user ON kids(user_id);

CREATE TABLE addresses (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  city TEXT NOT NULL,
  street TEXT NOT NULL,
  house TEXT NOT NULL,
  apartment TEXT NOT NULL DEFAULT '',
  comment TEXT NOT NULL DEFAULT '',
  is_main INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX addresses_user ON addresses(user_id);

-- One-time codes and links: stored as SHA-256 hashes, never in clear.
CREATE TABLE verification_codes (
  id INTEGER PRIMARY KEY,
  -- login-sms, signup-email, email-change, phone-change, password-reset
  purpose TEXT NOT NULL,
  -- The phone or e-mail the code was sent to.
  target TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  used_at INTEGER,
  created_at INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX verification_codes_target ON verification_codes(purpose, target, created_at DESC);

-- Every SMS and e-mail; the queue consumer delivers them and records the outcome.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  sent_at INTEGER
);
CREATE INDEX outbox_status ON outbox(status, created_at);

-- Fixed-window counters (key = what is limited, e.g. "login:ip:1.2.3.4").
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL
) WITHOUT ROWID;

ALTER TABLE sessions ADD COLUMN user_id INTEGER REFERENCES users(id) ON DELETE CASCADE;
CREATE INDEX sessions_user ON sessions(user_id);
