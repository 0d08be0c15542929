-- When an outbox row was last put on the queue or tried: a pending row untouched for longer
-- than the queue's longest backoff was lost on its way (its enqueue failed) and is queued again.
ALTER TABLE outbox ADD COLUMN touched_at INTEGER;
CREATE INDEX outbox_pending_touched ON outbox(status, touched_at) WHERE status = 'pending';
