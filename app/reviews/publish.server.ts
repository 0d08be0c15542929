import type { Lang } from "~/i18n/languages";
import type { AppContext } from "~/server/context.server";
import { clientAddress } from "~/server/rate-limit.server";
import { turnstileConfig, verifyTurnstile } from "~/server/turnstile.server";
import type { ReviewForm } from "./schema";
import { reviewAllowance, reviewableProduct, saveReview } from "./write.server";

export type PublishResult =
  | { ok: true; id: number; status: "published" | "pending" }
  | { ok: false; error: "no_product" }
  | { ok: false; error: "captcha" }
  | { ok: false; error: "captcha_unavailable" }
  | { ok: false; error: "limited"; retryAfter: number };

/**
 * Publishing a review (the form's action and the JSON call): the rate limit, the captcha,
 * then one batch. A token that siteverify accepts publishes at once; a refused one
 * comes back as "captcha" (the form then shows the interactive widget). Without a token
 * (a browser without JavaScript, which cannot run the widget; `tokenRequired` false) the
 * review is kept but held for moderation: its author sees it, others once approved.
 */
export async function publishReview(
  app: AppContext,
  request: Request,
  user: { id: number },
  productId: number,
  lang: Lang,
  form: Pick<ReviewForm, "userName" | "rating" | "text" | "token">,
  valueIds: number[],
  { tokenRequired }: { tokenRequired: boolean },
): Promise<PublishResult> {
  const db = app.env.DB;
  if (!(await reviewableProduct(db, productId))) return { ok: false, error: "no_product" };
  const captcha = turnstileConfig(app.env);
  const token = form.token?.trim() ?? "";
  if (captcha && !token && tokenRequired) return { ok: false, error: "captcha" };
  const allowance = await reviewAllowance(db, user.id, clientAddress(request));
  if (!allowance.allowed) return { ok: false, error: "limited", retryAfter: allowance.retryAfter };
  let status: "published" | "pending" = "pending";
  if (captcha && token) {
    const verdict = await verifyTurnstile(app, token, clientAddress(request));
    if (verdict === "rejected") return { ok: false, error: "captcha" };
    if (verdict === "unavailable") return { ok: false, error: "captcha_unavailable" };
    status = "published";
  }
  const id = await saveReview(db, { productId, userId: user.id, userName: form.userName, rating: form.rating, text: form.text, lang, valueIds, status });
  return { ok: true, id, status };
}

/** The name a signed-in shopper's review form starts with (their account's). */
export async function customerOf(db: D1Database, userId: number): Promise<{ id: number; firstName: string; lastName: string } | null> {
  return db.prepare("SELECT id, first_name AS firstName, last_name AS lastName FROM users WHERE id = ?").bind(userId).first();
}
