/** A "call" is a flash call: the recipient is called from the number in `body`, whose last four digits are the code. */
export type OutboxMessage = { channel: "sms" | "email" | "call" | "telegram"; recipient: string; subject?: string; body: string };
export type QueueMessageBody = { outboxId: number };

/**
 * Every SMS, e-mail and flash call is written to the outbox first (so nothing is lost),
 * then queued for delivery. Without a queue binding the row simply waits.
 */
export async function enqueue(env: Env, message: OutboxMessage): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO outbox (channel, recipient, subject, body, touched_at) VALUES (?, ?, ?, ?, unixepoch()) RETURNING id")
    .bind(message.channel, message.recipient, message.subject ?? "", message.body)
    .first<{ id: number }>();
  await dispatch(env, row!.id, message.channel);
  return row!.id;
}

/**
 * A message written in the caller's batch, only while `condition` (an SQL expression with its
 * own `?` values after the message's) holds when the batch runs: the message goes with the row
 * that asked for it, or not at all. After the batch, `dispatch` the id it returned (null: not written).
 */
export function enqueueStatement(db: D1Database, message: OutboxMessage, condition = "1", ...binds: unknown[]): D1PreparedStatement {
  return db
    .prepare(`INSERT INTO outbox (channel, recipient, subject, body, touched_at) SELECT ?, ?, ?, ?, unixepoch() WHERE ${condition} RETURNING id`)
    .bind(message.channel, message.recipient, message.subject ?? "", message.body, ...binds);
}

/** Queues a written outbox row for delivery (a failed send is queued again by the cron). */
export async function dispatch(env: Env, id: number, channel: OutboxMessage["channel"]): Promise<void> {
  try {
    await env.OUTBOX?.send({ outboxId: id } satisfies QueueMessageBody);
  } catch (error) {
    // The row is written: the cron queues it again (requeueLost), so the caller's request stands.
    logOutbox("warn", { id, channel, error: `enqueue failed: ${error instanceof Error ? error.name : typeof error}` });
  }
}

/** The dead-letter queue of wrangler.toml: the queue moves a message there after its last retry. */
export const DEAD_LETTER_QUEUE = "storefront-outbox-dlq";

/** Backoff between delivery attempts: 10 s, 20 s, 40 s … capped at 10 minutes. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(600, 10 * 2 ** Math.max(0, attempt - 1));
}

/**
 * A pending row untouched this long was lost on its way to the queue (its send failed after
 * the insert): longer than the longest backoff, so a message still retrying is never queued twice.
 */
export const LOST_AFTER_SECONDS = 30 * 60;

/** A message still pending this long after it was written is marked failed, never sent (a login code expires in minutes). */
export const UNDELIVERABLE_AFTER_SECONDS = 3 * 3600;

type Row = { id: number; channel: OutboxMessage["channel"]; recipient: string; subject: string; body: string; status: string; attempts: number };

/** One JSON line about a message: its id and channel, never its recipient or text. */
export function logOutbox(level: "warn" | "error", { id, ...fields }: { id: number } & Record<string, unknown>): void {
  console[level](JSON.stringify({ outbox: id, ...fields }));
}

/**
 * Sends one outbox row through the provider over HTTP. Returns what the queue should do: ack
 * (sent, already sent, or nothing to send it with) or retry; the queue counts the attempts and,
 * after its last retry, moves the message to the dead-letter queue (`consumeOutbox`).
 */
export async function deliver(env: Env, outboxId: number): Promise<{ outcome: "sent" | "retry" | "skipped"; attempt?: number }> {
  const row = await env.DB.prepare("SELECT id, channel, recipient, subject, body, status, attempts FROM outbox WHERE id = ?").bind(outboxId).first<Row>();
  // Sent (a second copy of the message) or given up: never sent again.
  if (row?.status !== "pending") return { outcome: "skipped" };
  const url = {
    sms: env.SMS_PROVIDER_URL,
    email: env.EMAIL_PROVIDER_URL,
    call: env.CALL_PROVIDER_URL,
    telegram: env.TELEGRAM_BOT_TOKEN
      ? `${(env.TELEGRAM_API_URL || "https://api.telegram.org").replace(/\/$/, "")}/bot${env.TELEGRAM_BOT_TOKEN}/sendMessage`
      : "",
  }[row.channel];
  if (!url) {
    // No provider configured (local development): the message stays readable on the dev outbox page.
    await env.DB.prepare("UPDATE outbox SET last_error = ?, touched_at = unixepoch() WHERE id = ?").bind("no provider configured", row.id).run();
    return { outcome: "skipped" };
  }
  const attempt = row.attempts + 1;
  let error: string | null = null;
  try {
    const res = await fetch(url, {
      method: "POST",
      // Telegram's token is in its URL (Bot API); the SMS and e-mail providers take a bearer key.
      headers: { "Content-Type": "application/json", ...(row.channel === "telegram" ? {} : { Authorization: `Bearer ${env.PROVIDER_API_KEY ?? ""}` }) },
      body: JSON.stringify(
        row.channel === "telegram"
          ? { chat_id: row.recipient, text: `${row.subject}\n${row.body}`.slice(0, 4096), link_preview_options: { is_disabled: true } }
          : row.channel === "sms"
            ? { to: row.recipient, text: row.body }
            : row.channel === "call"
              ? { to: row.recipient, code: row.body.slice(-4) }
              : { to: row.recipient, subject: row.subject, text: row.body },
      ),
    });
    if (!res.ok) error = `provider answered ${res.status}`;
  } catch (e) {
    error = `provider unreachable: ${e instanceof Error ? e.name : typeof e}`;
  }
  if (!error) {
    // Delivered: the text (codes, reset links) is not kept in clear any longer than needed.
    await env.DB.prepare(
      "UPDATE outbox SET status = 'sent', attempts = ?, sent_at = unixepoch(), touched_at = unixepoch(), last_error = NULL, body = '' WHERE id = ?",
    )
      .bind(attempt, row.id)
      .run();
    return { outcome: "sent" };
  }
  await env.DB.prepare("UPDATE outbox SET attempts = ?, last_error = ?, touched_at = unixepoch() WHERE id = ? AND status = 'pending'")
    .bind(attempt, error, row.id)
    .run();
  logOutbox("warn", { id: row.id, channel: row.channel, attempt, error });
  return { outcome: "retry", attempt };
}

/**
 * The 10-minute cron: pending rows untouched past `LOST_AFTER_SECONDS` (their enqueue failed)
 * go on the queue again. One statement claims them (a second run finds them touched); a copy
 * of a message already sent is acknowledged without sending.
 */
export async function requeueLost(env: Env): Promise<number> {
  if (!env.OUTBOX) return 0;
  const [, lost] = await env.DB.batch<{ id: number }>([
    // A code or a notice this old is no use to its reader any more: it is not sent late.
    env.DB.prepare("UPDATE outbox SET status = 'failed', last_error = 'not delivered in time' WHERE status = 'pending' AND created_at < unixepoch() - ?").bind(
      UNDELIVERABLE_AFTER_SECONDS,
    ),
    // The queue takes at most 100 messages at once; the rest wait for the next run.
    env.DB.prepare(
      `UPDATE outbox SET touched_at = unixepoch() WHERE id IN (
         SELECT id FROM outbox WHERE status = 'pending' AND COALESCE(touched_at, created_at) < unixepoch() - ? ORDER BY id LIMIT 100
       ) RETURNING id`,
    ).bind(LOST_AFTER_SECONDS),
  ]);
  const ids = lost!.results;
  if (ids.length) await env.OUTBOX.sendBatch(ids.map((r) => ({ body: { outboxId: r.id } satisfies QueueMessageBody })));
  return ids.length;
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
