import { formatUzs } from "~/i18n/format";
import { defaultLangOf } from "~/i18n/languages";
import { serverT } from "~/i18n/translator.server";
import { dispatch, enqueueStatement, type OutboxMessage } from "./outbox.server";

/**
 * Operators' alerts: what needs a person (a refund that failed or waits for a hand in a
 * provider's cabinet, a refused fiscal receipt, a reconciliation finding, a message the outbox
 * gave up on), told once by e-mail (OPS_ALERT_EMAIL) and in a Telegram chat (OPS_TELEGRAM_CHAT_ID,
 * through the Bot API), in the shop's default language, with a link to the console.
 */
export type AlertKind = "refund_task" | "refund_failed" | "receipt_refused" | "receipt_task" | "reconciliation" | "dead_letter";

/** Where each kind is dealt with in the console. */
const CONSOLE_PATH = "/ops/money";

/** The operators' channels configured (none: the alert is recorded, and shown in the console only). */
function recipientsOf(env: Env): { channel: OutboxMessage["channel"]; recipient: string }[] {
  return [
    ...(env.OPS_ALERT_EMAIL ? [{ channel: "email" as const, recipient: env.OPS_ALERT_EMAIL }] : []),
    ...(env.TELEGRAM_BOT_TOKEN && env.OPS_TELEGRAM_CHAT_ID ? [{ channel: "telegram" as const, recipient: env.OPS_TELEGRAM_CHAT_ID }] : []),
  ];
}

/** Whether an outbox row is one of the operators' own alerts (a dead one is not alerted again: no loop). */
export function isAlertMessage(env: Env, channel: string, recipient: string): boolean {
  return channel === "telegram" || (Boolean(env.OPS_ALERT_EMAIL) && recipient === env.OPS_ALERT_EMAIL);
}

/**
 * Tells operators once about `kind` of `ref` (a refund's id, a receipt's …): one batch records the
 * alert and writes its messages, only the first time (a repeated or parallel call writes none).
 * Returns whether this call told them. A numeric `amount` is money (UZS), written in the alert's language.
 */
export async function alertOperators(env: Env, kind: AlertKind, ref: string | number, given: Record<string, string | number> = {}): Promise<boolean> {
  const db = env.DB;
  const lang = defaultLangOf(env);
  const t = serverT(lang);
  const vars = typeof given.amount === "number" ? { ...given, amount: formatUzs(given.amount, lang) } : given;
  const link = `${env.PUBLIC_ORIGIN ?? ""}${CONSOLE_PATH}`;
  const subject = t(`ops:alerts.${kind}.subject`, vars);
  const body = `${t(`ops:alerts.${kind}.body`, vars)}\n${t("ops:alerts.open", { link })}`;
  const unsent = "EXISTS (SELECT 1 FROM ops_alerts WHERE kind = ? AND ref = ? AND queued = 0)";
  const recipients = recipientsOf(env);
  const results = await db.batch([
    db.prepare("INSERT INTO ops_alerts (kind, ref) VALUES (?, ?) ON CONFLICT DO NOTHING").bind(kind, String(ref)),
    ...recipients.map((r) => enqueueStatement(db, { channel: r.channel, recipient: r.recipient, subject, body }, unsent, kind, String(ref))),
    db.prepare("UPDATE ops_alerts SET queued = 1 WHERE kind = ? AND ref = ? AND queued = 0").bind(kind, String(ref)),
  ]);
  const told = (results.at(-1)?.meta.changes ?? 0) > 0;
  console.warn(JSON.stringify({ level: "warn", event: "ops-alert", kind, ref: String(ref), told }));
  for (const [i, r] of recipients.entries()) {
    const id = (results[i + 1]?.results[0] as { id: number } | undefined)?.id;
    if (id) await dispatch(env, id, r.channel);
  }
  return told;
}
