-- Flash calls join SMS and e-mail in the outbox: a 'call' row's recipient is called from the
-- number in its body, whose last four digits are the code. SQLite cannot change a CHECK in
-- place: the table is rebuilt under its own name with its rows and indexes.
ALTER TABLE outbox RENAME TO outbox_before_calls;
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email', 'call')),
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  sent_at INTEGER,
  touched_at INTEGER
);
INSERT INTO outbox (id, channel, recipient, subject, body, status, attempts, last_error, created_at, sent_at, touched_at)
  SELECT id, channel, recipient, subject, body, status, attempts, last_error, created_at, sent_at, touched_at FROM outbox_before_calls;
DROP TABLE outbox_before_calls;
CREATE INDEX outbox_status ON outbox(status, created_at);
CREATE INDEX outbox_pending_touched ON outbox(status, touched_at) WHERE status = 'pending';
