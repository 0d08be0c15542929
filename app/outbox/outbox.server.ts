import { maskPhone } from "~/forms/phone";

export type OutboxMessage = { channel: "sms" | "email"; recipient: string; subject?: string; body: string };
export type QueueMessageBody = { outboxId: number };

/**
 * Every SMS and e-mail is written to the outbox first (so nothing is lost),
 * then queued for delivery. Without a queue binding the row simply waits.
 */
export async function enqueue(env: Env, message: OutboxMessage): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO outbox (channel, recipient, subject, body) VALUES (?, ?, ?, ?) RETURNING id")
    .bind(message.channel, message.recipient, message.subject ?? "", message.body)
    .first<{ id: number }>();
  const id = row!.id;
  await env.OUTBOX?.send({ outboxId: id } satisfies QueueMessageBody);
  return id;
}

const MAX_ATTEMPTS = 6;

/** Backoff between delivery attempts: 10 s, 20 s, 40 s … capped at 10 minutes. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(600, 10 * 2 ** Math.max(0, attempt - 1));
}

type Row = { id: number; channel: "sms" | "email"; recipient: string; subject: string; body: string; status: string; attempts: number };

/**
 * Sends one outbox row through the provider over HTTP. Returns what the queue
 * should do: ack (sent, or permanently failed and kept as such) or retry.
 */
export async function deliver(env: Env, outboxId: number): Promise<{ outcome: "sent" | "retry" | "failed" | "skipped"; delaySeconds?: number }> {
  const row = await env.DB.prepare("SELECT id, channel, recipient, subject, body, status, attempts FROM outbox WHERE id = ?").bind(outboxId).first<Row>();
  if (!row || row.status === "sent") return { outcome: "skipped" };
  const url = row.channel === "sms" ? env.SMS_PROVIDER_URL : env.EMAIL_PROVIDER_URL;
  if (!url) {
    // No provider configured (local development): the message stays readable on the dev outbox page.
    await env.DB.prepare("UPDATE outbox SET last_error = ? WHERE id = ?").bind("no provider configured", row.id).run();
    return { outcome: "skipped" };
  }
  const attempt = row.attempts + 1;
  let error: string | null = null;
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${env.PROVIDER_API_KEY ?? ""}` },
      body: JSON.stringify(row.channel === "sms" ? { to: row.recipient, text: row.body } : { to: row.recipient, subject: row.subject, text: row.body }),
    });
    if (!res.ok) error = `provider answered ${res.status}`;
  } catch (e) {
    error = `provider unreachable: ${e instanceof Error ? e.message : String(e)}`;
  }
  if (!error) {
    // Delivered: the text (codes, reset links) is not kept in clear any longer than needed.
    await env.DB.prepare("UPDATE outbox SET status = 'sent', attempts = ?, sent_at = unixepoch(), last_error = NULL, body = '' WHERE id = ?")
      .bind(attempt, row.id)
      .run();
    return { outcome: "sent" };
  }
  const failed = attempt >= MAX_ATTEMPTS;
  await env.DB.prepare("UPDATE outbox SET status = ?, attempts = ?, last_error = ? WHERE id = ?")
    .bind(failed ? "failed" : "pending", attempt, error, row.id)
    .run();
  // Logs name the message, never its content or full recipient.
  console.warn(`outbox ${row.id} (${row.channel} to ${row.channel === "sms" ? maskPhone(row.recipient) : "e-mail"}) attempt ${attempt}: ${error}`);
  return failed ? { outcome: "failed" } : { outcome: "retry", delaySeconds: retryDelaySeconds(attempt) };
}

/** The queue consumer of workers/app.ts. */
export async function consumeOutbox(batch: MessageBatch<QueueMessageBody>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const result = await deliver(env, message.body.outboxId);
    if (result.outcome === "retry") message.retry({ delaySeconds: result.delaySeconds });
    else message.ack();
  }
}

export type OutboxEntry = Row & { createdAt: number; lastError: string | null };

/** Newest messages first, for the development outbox page. */
export async function listOutbox(db: D1Database, limit = 50): Promise<OutboxEntry[]> {
  const { results } = await db
    .prepare(
      "SELECT id, channel, recipient, subject, body, status, attempts, created_at AS createdAt, last_error AS lastError FROM outbox ORDER BY id DESC LIMIT ?",
    )
    .bind(limit)
    .all<OutboxEntry>();
  return results;
}
