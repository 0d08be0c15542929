import { createCookie, data, redirect, type RouterContextProvider } from "react-router";
import { importStatements, setStockStatement } from "~/catalogue/index.server";
import { addSynonym } from "~/search/index.server";
import type { Lang } from "~/i18n/languages";
import { catalogueImportSchema } from "~/catalogue/index";
import type { ShopStep } from "~/orders/index";
import { parseForm, readFormData, refused } from "~/forms/parse.server";
import { advanceOrder, type Order } from "~/orders/index.server";
import { moderateReview } from "~/reviews/index.server";
import { getApp } from "~/server/context.server";
import { clientAddress, hit, refund } from "~/server/rate-limit.server";
import { OPS_TRIES, OPS_TRIES_WINDOW } from "./call.server";
import type { ConsoleSection } from "./console";
import { moneyStep } from "./money.server";
import { audit, clientOfId, clientOfKey, type OpsClient, type OpsScope, SCOPE } from "./keys.server";
import {
  consoleLoginSchema,
  consoleMoneySchema,
  consolePriceSchema,
  consoleReviewSchema,
  consoleStepSchema,
  consoleStockSchema,
  synonymSchema,
} from "./schema";

/** How long a console sign-in lasts; the key itself is checked again on every request. */
const CONSOLE_HOURS = 8;

/** The scope each console page needs. */
export const CONSOLE_SECTIONS: Record<ConsoleSection, OpsScope> = {
  reviews: SCOPE.reviews,
  orders: SCOPE.orders,
  money: SCOPE.orders,
  item: SCOPE.catalogue,
  searches: SCOPE.catalogue,
};

type Args = { context: Readonly<RouterContextProvider>; request: Request };

/**
 * The console's own cookie: signed, httpOnly, only sent to /ops, naming the key's row and
 * when the sign-in ends. Never the shopper's `__session`: a shopper's session reaches nothing here.
 */
function consoleCookie(env: Env, request: Request) {
  if (!env.SESSION_SECRET) throw new Error("SESSION_SECRET is not configured");
  return createCookie("__ops", {
    httpOnly: true,
    sameSite: "strict",
    secure: new URL(request.url).protocol === "https:",
    path: "/ops",
    maxAge: CONSOLE_HOURS * 3600,
    secrets: env.SESSION_SECRET.split(","),
  });
}

/** The operator signed in, their key still live (a revoked key ends every console session at once), or null. */
export async function consoleClient({ context, request }: Args): Promise<OpsClient | null> {
  const app = getApp(context);
  const value = (await consoleCookie(app.env, request).parse(request.headers.get("Cookie"))) as { id?: unknown; until?: unknown } | null;
  if (!value || typeof value.id !== "number" || typeof value.until !== "number" || value.until < Date.now() / 1000) return null;
  return clientOfId(app.env.DB, value.id);
}

/**
 * Whom a console page serves: no sign-in → the sign-in page; a key without the section's
 * scope → 403 (the page says which scope it needs).
 */
export async function requireConsole(args: Args, section: ConsoleSection): Promise<{ client: OpsClient; allowed: boolean }> {
  const client = await consoleClient(args);
  if (!client) throw redirect("/ops/login", 303);
  return { client, allowed: client.scopes.includes(CONSOLE_SECTIONS[section]) };
}

/**
 * The sign-in form: limited per address with the API's key attempts (429 + Retry-After), a
 * right key's attempt given back; each attempt audited. Success: the console's cookie and 303.
 */
export async function signIn({ context, request }: Args) {
  const app = getApp(context);
  const db = app.env.DB;
  const submission = parseForm(await readFormData(request), consoleLoginSchema);
  const done = async (who: string, status: number) => audit(db, who, "POST", "/ops/login", status).catch(() => undefined);
  if (submission.status !== "success") {
    await done("-", 400);
    return data(submission.reply({ hideFields: ["key"] }), refused(400));
  }
  const limitKey = `ops-key:${clientAddress(request)}`;
  const limit = await hit(db, limitKey, OPS_TRIES, OPS_TRIES_WINDOW);
  if (!limit.allowed) {
    await done("-", 429);
    return data(submission.reply({ formErrors: ["ops:errors.tooManyTries"], hideFields: ["key"] }), refused(429, limit.retryAfter));
  }
  const client = await clientOfKey(db, submission.value.key);
  if (!client) {
    await done("-", 401);
    return data(submission.reply({ formErrors: ["ops:console.keyWrong"], hideFields: ["key"] }), refused(401));
  }
  await refund(db, [limitKey], OPS_TRIES_WINDOW);
  await done(client.name, 303);
  const until = Math.floor(Date.now() / 1000) + CONSOLE_HOURS * 3600;
  const first = (Object.keys(CONSOLE_SECTIONS) as ConsoleSection[]).find((s) => client.scopes.includes(CONSOLE_SECTIONS[s])) ?? "reviews";
  return redirect(`/ops/${first}`, { status: 303, headers: { "Set-Cookie": await consoleCookie(app.env, request).serialize({ id: client.id, until }) } });
}

/** Signing out: the cookie goes (and the audit says who left). */
export async function signOut(args: Args) {
  const app = getApp(args.context);
  const client = await consoleClient(args);
  if (client) await audit(app.env.DB, client.name, "POST", "/ops/logout", 303).catch(() => undefined);
  return redirect("/ops/login", { status: 303, headers: { "Set-Cookie": await consoleCookie(app.env, args.request).serialize("", { maxAge: 0 }) } });
}

/** The next steps an order in `state` may take (the same rules the orders' batch holds to). */
export function nextSteps(order: Pick<Order, "state" | "status" | "payment">): string[] {
  const open = (order.status === "new" || order.status === "paid") && (order.payment.method !== "online" || order.payment.paid);
  switch (order.state) {
    case "placed":
    case "new":
    case "paid":
      return open ? ["confirmed", "cancelled"] : order.status === "new" || order.status === "paid" ? ["cancelled"] : [];
    case "confirmed":
      return open ? ["packed", "shipped", "cancelled"] : ["cancelled"];
    case "packed":
      return open ? ["shipped", "cancelled"] : ["cancelled"];
    case "shipped":
      return ["delivered", "returned"];
    case "delivered":
      return ["returned"];
    default:
      return [];
  }
}

/** A form's answer: the reply (errors, what was typed) and which row's form it was. */
type Refusal = { status: number; form: string; message?: string; fields?: Record<string, string[]> };

/**
 * A console form: scope checked (403), parsed with its schema (400 keeps what was typed),
 * applied through the owner's rule, audited (who, what, which row, how it ended), then 303
 * back to the section with `done=`.
 */
export async function consoleAction(args: Args, section: ConsoleSection) {
  const { client, allowed } = await requireConsole(args, section);
  const app = getApp(args.context);
  const db = app.env.DB;
  const form = await readFormData(args.request);
  const path = `/ops/${section}`;
  let what = path;
  const finish = async (status: number) => audit(db, client.name, "POST", what, status).catch(() => undefined);

  const refuse = async <S extends { reply: (o?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => unknown }>(submission: S, r: Refusal) => {
    await finish(r.status);
    // What is gone has no form left on the page to show its message: the page says it.
    const gone = r.status === 404;
    const reply = submission.reply(r.message && !gone ? { formErrors: [r.message], fieldErrors: r.fields } : undefined);
    return data({ form: r.form, reply, notice: gone ? (r.message ?? null) : null }, refused(r.status));
  };

  const schema =
    section === "money"
      ? consoleMoneySchema
      : section === "reviews"
        ? consoleReviewSchema
        : section === "orders"
          ? consoleStepSchema
          : section === "searches"
            ? synonymSchema
            : form.has("sku")
              ? consoleStockSchema
              : consolePriceSchema;
  const submission = parseForm(form, schema);
  const formId =
    section === "searches"
      ? "synonym"
      : section === "money"
        ? `${String(form.get("kind") ?? "")}-${String(form.get("id") ?? "")}`.slice(0, 40)
        : String(form.get("id") ?? form.get("sku") ?? form.get("slug") ?? "").slice(0, 120);
  if (!allowed) return refuse(submission, { status: 403, form: formId, message: "ops:console.scope" });
  if (submission.status !== "success") return refuse(submission, { status: 400, form: formId });
  const value = submission.value as Record<string, unknown>;

  if (section === "money") {
    const v = value as { kind: "refund" | "receipt"; id: number; op: "done" | "retry" };
    what = `${path}/${v.kind}s/${v.id}/${v.op}`;
    const refusal = await moneyStep(app.env, app.dispatch, v);
    if (refusal) return refuse(submission, { ...refusal, form: formId });
  } else if (section === "reviews") {
    const v = value as { id: number; decision: "publish" | "reject"; version: number; reason?: string };
    what = `${path}/${v.id}/${v.decision}`;
    const outcome = await moderateReview(db, v.id, v.version, v.decision, v.reason);
    if (outcome === "gone") return refuse(submission, { status: 404, form: formId, message: "reviews:errors.notPending" });
    if (outcome === "changed") return refuse(submission, { status: 409, form: formId, message: "reviews:errors.changedSince" });
  } else if (section === "orders") {
    const v = value as { id: number; status: ShopStep; tracking?: string };
    what = `${path}/${v.id}/${v.status}`;
    const result = await advanceOrder(app.env, v.id, v.status, v.status === "shipped" ? (v.tracking ?? null) : null, app.dispatch);
    if (result.outcome === "missing") return refuse(submission, { status: 404, form: formId, message: "ops:errors.orderNotFound" });
    if (result.outcome === "conflict") return refuse(submission, { status: 409, form: formId, message: "ops:console.conflict" });
  } else if (section === "searches") {
    const v = value as { word: string; means: string; lang: Lang };
    what = `${path}/synonyms`;
    await addSynonym(db, v);
  } else if ("sku" in value) {
    const v = value as { slug: string; sku: number; stock: number };
    what = `${path}/${v.slug}/stock`;
    const row = await setStockStatement(db, v.slug, v.sku, v.stock).first();
    if (!row) return refuse(submission, { status: 404, form: formId, message: "ops:console.itemMissing" });
  } else {
    const v = value as { slug: string; firstPrice: number; salePrice: number };
    what = `${path}/${v.slug}/prices`;
    // The import's own price change: the same statement the ERP's batches run.
    const batch = catalogueImportSchema.parse({ batchId: `console-${crypto.randomUUID()}`, prices: [v] });
    const known = await db.prepare("SELECT 1 FROM products WHERE slug = ?").bind(v.slug).first();
    if (!known) return refuse(submission, { status: 404, form: formId, message: "ops:console.itemMissing" });
    await db.batch(importStatements(db, batch));
  }
  await finish(303);
  const back = section === "item" ? `${path}?q=${encodeURIComponent(String(value.slug))}&done=1` : `${path}?done=1`;
  return redirect(back, 303);
}
