import { alertOperators, isAlertMessage } from "./alerts.server";
import { DEAD_LETTER_QUEUE, deliver, logOutbox, type QueueMessageBody, retryDelaySeconds } from "./outbox.server";

/**
 * The dead-letter queue's side: the message's last retry failed. Its row is marked failed (kept
 * for an operator to resend) unless it was sent after all.
 */
async function giveUp(env: Env, outboxId: number): Promise<void> {
  const row = await env.DB.prepare(
    "UPDATE outbox SET status = 'failed', touched_at = unixepoch() WHERE id = ? AND status = 'pending' RETURNING id, channel, recipient, attempts, last_error AS lastError",
  )
    .bind(outboxId)
    .first<{ id: number; channel: string; recipient: string; attempts: number; lastError: string | null }>();
  if (!row) return;
  const { recipient, ...logged } = row;
  logOutbox("error", { ...logged, status: "failed" });
  // Operators hear of a message nobody got, unless it was one of their own alerts (no loop).
  if (!isAlertMessage(env, row.channel, recipient))
    await alertOperators(env, "dead_letter", outboxId, { id: outboxId, channel: row.channel, error: row.lastError ?? "" });
}

/** The queue consumer of workers/app.ts, for the outbox's queue and its dead-letter queue. */
export async function consumeOutbox(batch: MessageBatch<QueueMessageBody>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    if (batch.queue === DEAD_LETTER_QUEUE) {
      await giveUp(env, message.body.outboxId);
      message.ack();
      continue;
    }
    const result = await deliver(env, message.body.outboxId);
    // The queue's count: a copy sent again (after a lost enqueue) starts its backoff anew.
    if (result.outcome === "retry") message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    else message.ack();
  }
}
