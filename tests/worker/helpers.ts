import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { fixtures, generateCatalogue, type ProductRow } from "../../workers/seed/catalogue";
import { attrs, decode, headIn, tags } from "../shared/crawl.ts";

// HTML reading shared with the crawl (and with `npm run bench`, which runs it too).
export { attrs, decode, tags };

export const ORIGIN = "http://shop.test";

/** The same small catalogue tests/worker/setup.ts loaded. */
export const catalogue = generateCatalogue({ products: 40 });
export const fx = fixtures(catalogue);

/** A search engine crawler: the document arrives complete, streamed parts included. */
export const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A request through the real Worker entry (security headers, redirects, React Router). */
export function get(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(ORIGIN + path, { redirect: "manual", ...init }));
}

export async function html(path: string, init: RequestInit = {}): Promise<{ res: Response; body: string }> {
  const res = await get(path, init);
  return { res, body: await res.text() };
}

/** As `html`, following redirects (a listing sends other spellings of its URL to the clean one). */
export async function htmlFollowing(path: string, init: RequestInit = {}): Promise<{ res: Response; body: string }> {
  let res = await get(path, init);
  for (let hops = 0; hops < 5 && res.status >= 301 && res.status <= 308 && res.headers.has("Location"); hops++) {
    res = await get(res.headers.get("Location")!, init);
  }
  return { res, body: await res.text() };
}

export function headOf(body: string): string {
  expect(body.indexOf("<head>"), "document has a <head>").toBeGreaterThanOrEqual(0);
  return headIn(body);
}

export function titleOf(body: string): string | undefined {
  const m = /<title>([^<]*)<\/title>/.exec(body);
  return m ? decode(m[1]!) : undefined;
}

/** The part of the HTML from `start` up to the next `end` after it. */
export function section(body: string, start: string, end: string): string {
  const i = body.indexOf(start);
  expect(i, `HTML contains ${start}`).toBeGreaterThanOrEqual(0);
  const j = body.indexOf(end, i + start.length);
  expect(j, `HTML contains ${end} after ${start}`).toBeGreaterThan(i);
  return body.slice(i, j + end.length);
}

/** Product slugs of the product cards, in page order. */
export function cardSlugs(body: string): string[] {
  return [
    ...body.matchAll(/<article class="card" id="p\d+" data-testid="product-card"><a class="card__link" href="(?:\/(?:ru|uk))?\/product\/([a-z0-9-]+)"/g),
  ].map((m) => m[1]!);
}

/** The number in data-testid="result-count" ("17 ta mahsulot", "17 товаров"). */
export function resultCount(body: string): number {
  const m = /data-testid="result-count">([^<]*)</.exec(body);
  expect(m, "page shows a result count").not.toBeNull();
  const n = /\d+/.exec(m![1]!);
  expect(n, `result count "${m![1]}" has a number`).not.toBeNull();
  return Number(n![0]);
}

/** Facet checkboxes of one facet: value → count shown. */
export function facetCounts(body: string, name: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of body.matchAll(/(<input type="checkbox"[^>]*>).*?<span class="facet__count">(\d+)<\/span>/g)) {
    const input = attrs(m[1]!);
    if (input.name === name) out.set(input.value!, Number(m[2]));
  }
  return out;
}

/** How many elements carry this data-testid. */
export const countTestId = (body: string, testId: string) => [...body.matchAll(new RegExp(`data-testid="${testId}"`, "g"))].length;

/** The text of the element with this data-testid (up to its closing tag: for elements that do not nest their own kind), or null. */
export function testText(body: string, testId: string): string | null {
  const m = new RegExp(`<(\\w+)[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</\\1>`).exec(body);
  return m
    ? decode(
        m[2]!
          .replace(/<!-- -->/g, "")
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ")
          .trim(),
      )
    : null;
}

/** The amount of a summary row (a <dt>/<dd> pair with this data-testid): the number in its <dd>, NaN without one. */
export function rowAmount(body: string, testId: string): number {
  const m = new RegExp(`data-testid="${testId}"[^>]*>[\\s\\S]*?<dd>([^<]*)</dd>`).exec(body);
  return m ? Number(decode(m[1]!).replace(/[^\d]/g, "")) : NaN;
}

// ---------------------------------------------------------------------------
// The seed, as the tests' source of truth.

export const products = catalogue.products;

export function productBySlug(slug: string): ProductRow {
  const p = products.find((x) => x.slug === slug);
  if (!p) throw new Error(`no seed product ${slug}`);
  return p;
}

export function skusOf(p: ProductRow) {
  return catalogue.skus.filter((s) => s.product_id === p.id).sort((a, b) => a.position - b.position);
}

export function inStock(p: ProductRow): boolean {
  return skusOf(p).some((s) => s.stock > 0);
}

export function categoryPathOf(p: ProductRow): string {
  return catalogue.categories.find((c) => c.id === p.category_id)!.path;
}

export function brandOf(p: ProductRow) {
  return catalogue.brands.find((b) => b.id === p.brand_id)!;
}

export function colorOf(p: ProductRow) {
  return catalogue.colors.find((c) => c.id === p.color_id)!;
}

export function nameOf(p: ProductRow, lang: "uz" | "ru" | "uk"): string {
  return catalogue.product_translations.find((t) => t.product_id === p.id && t.lang === lang)!.name;
}

/** The listing's default order: newest first. */
export function byNewest(a: ProductRow, b: ProductRow): number {
  return b.created_at - a.created_at || b.id - a.id;
}

export const PAGE_SIZE = 24;

/** The init of a same-origin form POST as a browser sends it (the Worker refuses cross-site ones). */
export function formPost(fields: Record<string, string>, init: { cookie?: string; headers?: Record<string, string> } = {}): RequestInit {
  return {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      "Sec-Fetch-Site": "same-origin",
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...init.headers,
    },
  };
}

/** A same-origin form POST through the Worker. */
export function post(path: string, fields: Record<string, string>, init: { cookie?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  return get(path, formPost(fields, init));
}

/**
 * "name=value" of the cookie an answer sets, for the next request's Cookie header: the session's
 * where it sets one. The database bookmark (`__d1b`, set beside it on a shopper's writes) is left
 * out: without it a shopper reads the primary, which every test may.
 */
export function cookieOf(res: Response): string | null {
  const pairs = res.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  return pairs.find((pair) => pair.startsWith("__session=")) ?? pairs.find((pair) => !pair.startsWith("__d1b=") && !pair.startsWith("__flash=")) ?? null;
}
