import { type Mail, mailLink, randomToken, sha256Hex } from "~/auth/index.server";
import { getShopper, guestSessionForWrite } from "~/server/request.server";
import type { ProductSizes } from "~/catalogue/index.server";
import { dispatch, enqueueStatement, type OutboxMessage } from "~/outbox/index.server";
import { clientAddress, hit, type Limited, limitedFor } from "~/server/rate-limit.server";
import { ensureGuestKey } from "~/server/session.server";
import type { RouterContextProvider } from "react-router";
import { GIFT_HINTS_OPEN_MAX } from "./schema";

/** How long a hint counts as open when its friend never opens the link. */
export const GIFT_HINT_TTL_SECONDS = 30 * 24 * 3600;

/** Hints sent: 10 an hour per client address, 3 a day to one phone or e-mail. */
export const GIFT_HINT_LIMITS = { perClient: 10, clientWindowSeconds: 3600, perRecipient: 3, recipientWindowSeconds: 86400 } as const;

/** Whose hints they are: an account, or a guest's random key (never a row id). */
export type GiftHintOwner = { userId: number; guestKey: null } | { userId: null; guestKey: string };

/**
 * The shopper sending a hint: an account, or a guest by the key their session keeps (a session
 * and a key are made now if there are none, within the same per-address allowance as new guest
 * carts; the session is saved with the answer).
 */
export async function giftHintOwner(context: Readonly<RouterContextProvider>): Promise<{ owner: GiftHintOwner } | Limited> {
  const shopper = await getShopper(context);
  if (shopper.owner.userId !== null) return { owner: { userId: shopper.owner.userId, guestKey: null } };
  if (shopper.owner.guestKey) return { owner: { userId: null, guestKey: shopper.owner.guestKey } };
  const session = await guestSessionForWrite(context, shopper);
  if ("limited" in session) return session;
  const guestKey = ensureGuestKey(session);
  return { owner: { userId: null, guestKey } };
}

export type GiftHintInput = { size: number; contact: { channel: "sms" | "email"; recipient: string }; name: string };
export type GiftHintRefusal = { refused: "size" } | { refused: "tooMany" } | Limited;

const tokenHash = (token: string) => sha256Hex(`gift-hint\n${token}`);

/**
 * Sends a hint of `product` in one of its sizes to a friend through the outbox, with the
 * shopper's name and a link that opens the product with that size chosen. The hint is written
 * only while the shopper has fewer than GIFT_HINTS_OPEN_MAX open ones, in the one statement
 * that counts them: parallel sends cannot pass the cap.
 */
export async function sendGiftHint(
  env: Env,
  request: Request,
  owner: GiftHintOwner,
  product: ProductSizes,
  input: GiftHintInput,
  mail: Mail,
): Promise<"sent" | GiftHintRefusal> {
  const size = product.sizes.find((s) => s.id === input.size);
  if (!size) return { refused: "size" };
  const [byClient, byRecipient] = await Promise.all([
    hit(env.DB, `gift-hint:ip:${clientAddress(request)}`, GIFT_HINT_LIMITS.perClient, GIFT_HINT_LIMITS.clientWindowSeconds),
    hit(env.DB, `gift-hint:to:${input.contact.recipient}`, GIFT_HINT_LIMITS.perRecipient, GIFT_HINT_LIMITS.recipientWindowSeconds),
  ]);
  if (!byClient.allowed || !byRecipient.allowed) return limitedFor(byClient, byRecipient);
  const token = randomToken();
  const hash = await tokenHash(token);
  // The product's gift hint page opens the hint (app/routes/pages/product-gift-hint.tsx): no route of its own.
  const url = mailLink(mail, `/product/${product.slug}/gift-hint`, { token });
  const text = { name: input.name, product: product.name, size: size.size, url: url ?? "" };
  const message: OutboxMessage =
    input.contact.channel === "sms"
      ? { channel: "sms", recipient: input.contact.recipient, body: mail.t("gifts:message.sms", text) }
      : { channel: "email", recipient: input.contact.recipient, subject: mail.t("gifts:message.subject", text), body: mail.t("gifts:message.body", text) };
  // One batch: the hint, only while the shopper has fewer than the cap open (the statement counts
  // them, so parallel sends cannot pass it), and its message, only if the hint was written.
  const statements = [
    env.DB.prepare(
      `INSERT INTO gift_hints (token_hash, user_id, guest_key, product_id, sku_id, channel, recipient, sender_name, lang, expires_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, unixepoch() + ?10
       WHERE (SELECT COUNT(*) FROM gift_hints WHERE (user_id = ?2 OR guest_key = ?3) AND opened_at IS NULL AND expires_at > unixepoch()) < ?11
       RETURNING id`,
    ).bind(
      hash,
      owner.userId,
      owner.guestKey,
      product.id,
      size.id,
      input.contact.channel,
      input.contact.recipient,
      input.name,
      mail.lang,
      GIFT_HINT_TTL_SECONDS,
      GIFT_HINTS_OPEN_MAX,
    ),
    // No configured origin: no link to send (mailLink logs it); the hint stays open until it expires.
    ...(url ? [enqueueStatement(env.DB, message, "EXISTS (SELECT 1 FROM gift_hints WHERE token_hash = ?)", hash)] : []),
  ];
  const [hint, sent] = await env.DB.batch<{ id: number }>(statements);
  if (!hint!.results.length) return { refused: "tooMany" };
  const outboxId = sent?.results[0]?.id;
  if (outboxId !== undefined) await dispatch(env, outboxId, message.channel);
  return "sent";
}

/**
 * The friend opened a hint's link on its product's page: the hint is no longer open (the first
 * time counts); the size it names. null for a link of no hint of that product.
 */
export async function openGiftHint(db: D1Database, token: string, productId: number): Promise<{ skuId: number } | null> {
  return db
    .prepare("UPDATE gift_hints SET opened_at = COALESCE(opened_at, unixepoch()) WHERE token_hash = ? AND product_id = ? RETURNING sku_id AS skuId")
    .bind(await tokenHash(token), productId)
    .first<{ skuId: number }>();
}

/** Daily clean-up: hints expired or opened over a month ago. */
export async function purgeOldGiftHints(db: D1Database, now: number): Promise<void> {
  await db.prepare("DELETE FROM gift_hints WHERE expires_at < ?1 - 2592000 OR (opened_at IS NOT NULL AND opened_at < ?1 - 2592000)").bind(now).run();
}
