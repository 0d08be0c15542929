-- The operations API's clients (the shop's ERP, warehouse, moderation tools): one row per
-- key. The key itself is never stored: its SHA-256 (keys are 256 random bits, so no slow
-- hash is needed) and a short public prefix to find the row by. Made and revoked with
-- scripts/ops-key.mjs. See docs/decisions/018-ops-api-keys.md.
CREATE TABLE ops_clients (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  prefix TEXT NOT NULL UNIQUE,
  key_hash TEXT NOT NULL,
  -- Space-separated: catalogue:write orders:write reviews:moderate.
  scopes TEXT NOT NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  revoked_at INTEGER,
  -- The last change of the orders' feed this client acknowledged (order_history.id).
  orders_cursor INTEGER NOT NULL DEFAULT 0
);
-- One live key per name: a new key for a name is made after the old one is revoked.
CREATE UNIQUE INDEX ops_clients_live_name ON ops_clients (name) WHERE revoked_at IS NULL;

-- One line per call of the operations API: who (the client's name, '-' without a valid key),
-- what (method, path, answer's status), when. No addresses, no bodies, nothing personal.
CREATE TABLE ops_audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  client TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  status INTEGER NOT NULL,
  at INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX ops_audit_at ON ops_audit (at);

-- Catalogue imports applied, by the id their client gave them: written in the same D1 batch
-- as the import, so the same import sent again (a retry, a double send) is applied once.
CREATE TABLE ops_batches (
  client_id INTEGER NOT NULL REFERENCES ops_clients(id),
  batch_id TEXT NOT NULL,
  at INTEGER NOT NULL DEFAULT (unixepoch()),
  PRIMARY KEY (client_id, batch_id)
) WITHOUT ROWID;
