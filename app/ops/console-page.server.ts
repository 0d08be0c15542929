import { data, type RouterContextProvider } from "react-router";
import { isLang, type Lang } from "~/i18n/languages";
import { getI18n } from "~/i18n/translator.server";
import type { RefundRow } from "~/orders/index";
import { listRefunds, type Order, ordersByIds } from "~/orders/index.server";
import { pendingReviews } from "~/reviews/index.server";
import { listSynonyms, searchMisses, weekOf } from "~/search/index.server";
import { getApp } from "~/server/context.server";
import { getLang } from "~/server/request.server";
import type { ConsoleItem, ConsoleOrder, ConsoleSection } from "./console";
import { CONSOLE_SECTIONS, nextSteps, requireConsole } from "./console.server";
import { consoleItemQuerySchema } from "./schema";

type Args = { context: Readonly<RouterContextProvider>; request: Request };

/**
 * A console page's loader: the operator signed in (else the sign-in page), the frame's data, and
 * the page's texts (`i18n`: each page names what it shows), the section's own (`load`) when the operator's key has its scope (else 403, the page saying which).
 */
export async function consolePage<T extends object>(
  args: Args,
  section: ConsoleSection,
  load: (db: D1Database, url: URL) => Promise<T>,
  i18n: (lang: Lang) => Record<string, unknown>,
) {
  const lang = getLang(args.context);
  const { client, allowed } = await requireConsole(args, section);
  const url = new URL(args.request.url);
  const page = {
    i18n: i18n(lang),
    title: getI18n(args.context).t(`ops:console.${section}.title`),
    section,
    lang,
    client: client.name,
    scope: CONSOLE_SECTIONS[section],
    done: url.searchParams.has("done"),
  };
  if (!allowed) return data({ ...page, allowed: false as const }, { status: 403 });
  return { ...page, allowed: true as const, ...(await load(getApp(args.context).env.DB, url)) };
}

/** The reviews awaiting moderation. */
export async function reviewsSection(db: D1Database) {
  return { reviews: await pendingReviews(db) };
}

/** How many of the week's searches that found nothing the console lists. */
const CONSOLE_MISSES = 100;

/** This week's searches that found nothing, the words taught, and the word to teach the link named (`teach`, `teach_lang`). */
export async function searchesSection(db: D1Database, url: URL) {
  const [misses, synonyms] = await Promise.all([searchMisses(db, weekOf(Date.now()), null, CONSOLE_MISSES), listSynonyms(db)]);
  const lang = url.searchParams.get("teach_lang");
  return { misses, synonyms, teach: url.searchParams.get("teach")?.slice(0, 60) ?? "", teachLang: lang && isLang(lang) ? lang : "ru" };
}

/** The newest orders with their next steps and the money going back. */
export async function ordersSection(db: D1Database) {
  const [{ results }, owed] = await Promise.all([
    db.prepare("SELECT id FROM orders ORDER BY id DESC LIMIT 30").all<{ id: number }>(),
    listRefunds(db, "open", 100),
  ]);
  const owedBy = new Map(owed.map((r) => [r.orderNumber, r]));
  const orders = (
    await ordersByIds(
      db,
      results.map((r) => r.id),
    )
  ).sort((a, b) => b.id - a.id);
  return {
    orders: orders.map(
      (o): ConsoleOrder => ({
        id: o.id,
        number: o.number,
        state: o.state,
        createdAt: o.createdAt,
        total: o.totals.total,
        payment: o.payment.method === "online" ? (o.payment.provider ?? "online") : o.payment.method,
        tracking: o.tracking,
        steps: nextSteps(o),
        refund: refundOf(o, owedBy.get(o.number)),
      }),
    ),
  };
}

/** The item asked for (`q`: a slug or a size's number), or why the question is refused. */
export async function itemSection(db: D1Database, url: URL) {
  const q = url.searchParams.get("q");
  if (q === null) return { item: null, query: "", queryError: null };
  const parsed = consoleItemQuerySchema.safeParse({ q });
  if (!parsed.success) return { item: null, query: q.slice(0, 120), queryError: "ops:console.itemQuery" };
  return { item: await itemOf(db, parsed.data.q), query: parsed.data.q, queryError: null };
}

function refundOf(order: Order, owed: RefundRow | undefined): ConsoleOrder["refund"] {
  if (owed) return { state: owed.state, amount: owed.amount, attempts: owed.attempts, lastError: owed.lastError };
  const made = order.payment.refund;
  return made ? { state: made.state, amount: made.amount, attempts: 0, lastError: null } : null;
}

/** A product (by slug, or by one of its sizes' numbers) with its prices and every size's stock. */
async function itemOf(db: D1Database, q: string): Promise<ConsoleItem | null> {
  const bySku = /^[0-9]+$/.test(q);
  const product = await db
    .prepare(
      bySku
        ? "SELECT p.id, p.slug, p.first_price AS firstPrice, p.sale_price AS salePrice FROM products p JOIN skus s ON s.product_id = p.id WHERE s.id = ?"
        : "SELECT id, slug, first_price AS firstPrice, sale_price AS salePrice FROM products WHERE slug = ?",
    )
    .bind(bySku ? Number(q) : q)
    .first<{ id: number; slug: string; firstPrice: number; salePrice: number }>();
  if (!product) return null;
  const { results } = await db
    .prepare("SELECT id, size, stock FROM skus WHERE product_id = ? ORDER BY position, id")
    .bind(product.id)
    .all<{ id: number; size: string; stock: number }>();
  return { slug: product.slug, firstPrice: product.firstPrice, salePrice: product.salePrice, skus: results };
}
