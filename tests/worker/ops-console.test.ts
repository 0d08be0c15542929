import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import uzOps from "../../locales/uz/ops.json";
import uzReviews from "../../locales/uz/reviews.json";
import { OPS_TRIES, revokeOpsKey } from "~/ops/index.server";
import { catalogue, cookieOf, decode, get, post, testText } from "./helpers";
import { buyable, clientAddress, ip, order, opsKey, Shopper, signUp, stockOf } from "./fixtures";

/** The operator console (/ops): its own sign-in with an operations key, and each page's forms. */

const auditOf = async (client: string) =>
  (await env.DB.prepare("SELECT method, path, status FROM ops_audit WHERE client = ? ORDER BY id").bind(client).all()).results;

/** Signs in with `key` from a fresh address: the console's cookie ("__ops=…"). */
async function signIn(key: string): Promise<string> {
  const res = await post("/ops/login", { key }, { headers: ip() });
  expect(res.status).toBe(303);
  const cookie = cookieOf(res)!;
  expect(cookie).toMatch(/^__ops=/);
  return cookie;
}

const page = async (path: string, cookie?: string) => {
  const res = await get(path, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...ip() } });
  return { res, body: await res.text() };
};
/** The first error a refused form shows: the form's own, else a field's. */
const errorOf = (body: string) => decode(testText(body, "form-error") ?? /<p class="row__error"[^>]*>([^<]*)<\/p>/.exec(body)?.[1] ?? "");
const send = (path: string, cookie: string, fields: Record<string, string>) => post(path, fields, { cookie, headers: ip() });

/** A guest's cash order of a product's size: its id, number and sku. */
async function placed(offset: number) {
  const s = new Shopper();
  const { sku } = buyable(offset, { stock: 4 });
  await s.add(sku.id, 1);
  const res = await s.place(order(`console-${offset}-${crypto.randomUUID()}`));
  expect(res.status).toBe(201);
  const { order: o } = (await res.json()) as { order: { id: number; number: string } };
  return { id: o.id, number: o.number, sku };
}

describe("signing in to the console", () => {
  it("asks for a key; a right one opens it with a cookie of its own (httpOnly, path /ops), audited; signing out ends it", async () => {
    const name = "console-desk";
    const key = await opsKey(["reviews:moderate", "orders:write"], name);
    const none = await page("/ops/reviews");
    expect(none.res.status).toBe(303);
    expect(none.res.headers.get("Location")).toBe("/ops/login");
    expect((await page("/ops")).res.headers.get("Location")).toBe("/ops/reviews");

    const login = await page("/ops/login");
    expect(login.res.status).toBe(200);
    expect(login.body).toContain('data-testid="ops-login"');

    const res = await post("/ops/login", { key }, { headers: ip() });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/ops/reviews");
    const set = res.headers.getSetCookie().find((c) => c.startsWith("__ops="))!;
    expect(set).toMatch(/Path=\/ops(;|$)/);
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Strict/i);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    const cookie = cookieOf(res)!;

    const open = await page("/ops/reviews", cookie);
    expect(open.res.status).toBe(200);
    expect(testText(open.body, "ops-client")).toBe(name);

    const out = await send("/ops/logout", cookie, {});
    expect(out.status).toBe(303);
    expect(out.headers.getSetCookie().find((c) => c.startsWith("__ops="))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await auditOf(name)).toEqual([
      { method: "POST", path: "/ops/login", status: 303 },
      { method: "POST", path: "/ops/logout", status: 303 },
    ]);
  });

  it("a wrong key is refused with the page's message (401), the key not shown back; repeated wrong keys get 429 with Retry-After", async () => {
    const key = await opsKey(["orders:write"]);
    const wrong = `${key.slice(0, -4)}AAAA`;
    const from = { "CF-Connecting-IP": clientAddress() };
    const res = await post("/ops/login", { key: wrong }, { headers: from });
    expect(res.status).toBe(401);
    const body = await res.text();
    expect(errorOf(body)).toBe(uzOps.console.keyWrong);
    expect(body).not.toContain(wrong);
    expect(res.headers.getSetCookie()).toEqual([]);
    const empty = await post("/ops/login", { key: "" }, { headers: from });
    expect(empty.status).toBe(400);
    expect(errorOf(await empty.text())).toBe(uzOps.console.keyNeeded);

    for (let i = 1; i < OPS_TRIES; i++) await post("/ops/login", { key: wrong }, { headers: from });
    const limited = await post("/ops/login", { key }, { headers: from });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(errorOf(await limited.text())).toBe(uzOps.errors.tooManyTries);
  });

  it("a revoked key's console session ends at its next request", async () => {
    const key = await opsKey(["orders:write"], "console-revoked");
    const cookie = await signIn(key);
    expect((await page("/ops/orders", cookie)).res.status).toBe(200);
    await revokeOpsKey(env.DB, "console-revoked");
    const after = await page("/ops/orders", cookie);
    expect(after.res.status).toBe(303);
    expect(after.res.headers.get("Location")).toBe("/ops/login");
    expect((await send("/ops/orders", cookie, { id: "1", status: "confirmed" })).headers.get("Location")).toBe("/ops/login");
  });

  it("a shopper's session alone reaches nothing: the sign-in page, not a section, and no action runs", async () => {
    const member = await signUp({ quick: true });
    const { id } = await placed(3);
    const res = await page("/ops/orders", member.cookie!);
    expect(res.res.status).toBe(303);
    expect(res.res.headers.get("Location")).toBe("/ops/login");
    const step = await send("/ops/orders", member.cookie!, { id: String(id), status: "confirmed" });
    expect(step.status).toBe(303);
    expect(step.headers.get("Location")).toBe("/ops/login");
    const row = await env.DB.prepare("SELECT stage FROM orders WHERE id = ?").bind(id).first<{ stage: string | null }>();
    expect(row!.stage).toBeNull();
    // A forged cookie (unsigned) is no sign-in either.
    expect((await page("/ops/orders", `__ops=${btoa(JSON.stringify({ id: 1, until: 9e9 }))}`)).res.headers.get("Location")).toBe("/ops/login");
  });

  it("a section needs its scope: 403 with the scope named, and its forms refused", async () => {
    const cookie = await signIn(await opsKey(["orders:write"], "console-orders-only"));
    const reviews = await page("/ops/reviews", cookie);
    expect(reviews.res.status).toBe(403);
    expect(decode(testText(reviews.body, "ops-forbidden") ?? "")).toBe(uzOps.console.scopeNeeded.replace("{{scope}}", "reviews:moderate"));
    expect((await page("/ops/item?q=x", cookie)).res.status).toBe(403);
    const refused = await send("/ops/item", cookie, { slug: catalogue.products[2]!.slug, firstPrice: "1", salePrice: "1" });
    expect(refused.status).toBe(403);
    expect(await auditOf("console-orders-only")).toContainEqual({ method: "POST", path: "/ops/item", status: 403 });
  });
});

describe("the console's pages", () => {
  it("every answer is private, no-store and noindex; robots.txt keeps crawlers out; cross-site posts are refused", async () => {
    const cookie = await signIn(await opsKey(["orders:write", "reviews:moderate", "catalogue:write"]));
    for (const [path, c] of [
      ["/ops/login", undefined],
      ["/ops/reviews", undefined],
      ["/ops/reviews", cookie],
      ["/ops/orders", cookie],
      ["/ops/item", cookie],
      ["/ops/nothing", cookie],
    ] as const) {
      const { res } = await page(path, c);
      expect(res.headers.get("Cache-Control"), path).toBe("private, no-store");
      expect(res.headers.get("X-Robots-Tag"), path).toBe("noindex, nofollow");
    }
    expect(await (await get("/robots.txt")).text()).toContain("Disallow: /ops");
    const cross = await get("/ops/orders", {
      method: "POST",
      body: new URLSearchParams({ id: "1", status: "confirmed" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, "Sec-Fetch-Site": "cross-site", ...ip() },
    });
    expect(cross.status).toBe(403);
    expect((await get("/ops/orders", { method: "PUT", headers: { Cookie: cookie, ...ip() } })).status).toBe(405);
  });

  it("reviews: publishes one; a rejection without a reason keeps the form with a message, with one it is done; each audited", async () => {
    const name = "console-moderator";
    const cookie = await signIn(await opsKey(["reviews:moderate"], name));
    const p = catalogue.products[9]!;
    for (const text of ["Konsol: yaxshi sharh", "Konsol: reklama"]) {
      const author = await signUp({ quick: true });
      const res = await post(`/ru/product/${p.slug}/review`, { userName: "Ops", agree: "on", rating: "4", text }, { cookie: author.cookie!, headers: ip() });
      expect(res.status).toBe(303);
    }
    const pending = await env.DB.prepare("SELECT id, text, version FROM reviews WHERE text LIKE 'Konsol:%' ORDER BY id").all<{
      id: number;
      text: string;
      version: number;
    }>();
    const [good, bad] = pending.results;
    const { body } = await page("/ops/reviews", cookie);
    expect(body).toContain("Konsol: yaxshi sharh");

    const published = await send("/ops/reviews", cookie, { id: String(good!.id), version: String(good!.version), decision: "publish" });
    expect(published.status).toBe(303);
    expect(published.headers.get("Location")).toBe("/ops/reviews?done=1");
    const noReason = await send("/ops/reviews", cookie, { id: String(bad!.id), version: String(bad!.version), decision: "reject", reason: "" });
    expect(noReason.status).toBe(400);
    expect(errorOf(await noReason.text())).toBe(uzOps.errors.reasonNeeded);
    expect((await send("/ops/reviews", cookie, { id: String(bad!.id), version: String(bad!.version), decision: "reject", reason: "Reklama" })).status).toBe(
      303,
    );
    const again = await send("/ops/reviews", cookie, { id: String(bad!.id), version: String(bad!.version), decision: "reject", reason: "Yana" });
    expect(again.status).toBe(404);
    expect(errorOf(await again.text())).toBe(uzReviews.errors.notPending);

    const rows = await env.DB.prepare("SELECT status, rejected_reason FROM reviews WHERE id IN (?, ?) ORDER BY id").bind(good!.id, bad!.id).all();
    expect(rows.results).toEqual([
      { status: "published", rejected_reason: null },
      { status: "pending", rejected_reason: "Reklama" },
    ]);
    const after = await page("/ops/reviews", cookie);
    expect(after.body).not.toContain("Konsol:");
    expect(await auditOf(name)).toEqual([
      { method: "POST", path: "/ops/login", status: 303 },
      { method: "POST", path: `/ops/reviews/${good!.id}/publish`, status: 303 },
      { method: "POST", path: "/ops/reviews", status: 400 },
      { method: "POST", path: `/ops/reviews/${bad!.id}/reject`, status: 303 },
      { method: "POST", path: `/ops/reviews/${bad!.id}/reject`, status: 404 },
    ]);
  });

  it("orders: the newest with their next steps; confirm, ship with a tracking number (kept when missing), cancel refused once shipped (409), stock back on a return", async () => {
    const name = "console-warehouse";
    const cookie = await signIn(await opsKey(["orders:write"], name));
    const { id, number, sku } = await placed(4);
    const before = await stockOf(sku.id);
    const list = await page("/ops/orders", cookie);
    const row = list.body.slice(list.body.indexOf(`data-number="${number}"`));
    expect(row.slice(0, row.indexOf("</li>"))).toMatch(/ops-step-confirmed[\s\S]*ops-step-cancelled/);

    expect((await send("/ops/orders", cookie, { id: String(id), status: "confirmed" })).status).toBe(303);
    const noTracking = await send("/ops/orders", cookie, { id: String(id), status: "shipped", tracking: "" });
    expect(noTracking.status).toBe(400);
    expect(errorOf(await noTracking.text())).toBe(uzOps.errors.trackingNeeded);
    expect((await send("/ops/orders", cookie, { id: String(id), status: "shipped", tracking: "UZ-123" })).status).toBe(303);
    const cancel = await send("/ops/orders", cookie, { id: String(id), status: "cancelled" });
    expect(cancel.status).toBe(409);
    expect(errorOf(await cancel.text())).toBe(uzOps.console.conflict);
    expect((await send("/ops/orders", cookie, { id: String(id), status: "returned" })).status).toBe(303);
    expect(await stockOf(sku.id)).toBe(before + 1);
    const o = await env.DB.prepare("SELECT stage, tracking FROM orders WHERE id = ?").bind(id).first();
    expect(o).toEqual({ stage: "returned", tracking: "UZ-123" });
    expect((await send("/ops/orders", cookie, { id: "999999", status: "confirmed" })).status).toBe(404);
    expect((await auditOf(name)).map((a) => `${a.path} ${a.status}`)).toEqual([
      "/ops/login 303",
      `/ops/orders/${id}/confirmed 303`,
      "/ops/orders 400",
      `/ops/orders/${id}/shipped 303`,
      `/ops/orders/${id}/cancelled 409`,
      `/ops/orders/${id}/returned 303`,
      "/ops/orders/999999/confirmed 404",
    ]);
  });

  it("an item by slug or size number: its prices and stock; prices set through the import's price change, a size's stock set; bad figures refused", async () => {
    const name = "console-catalogue";
    const cookie = await signIn(await opsKey(["catalogue:write"], name));
    const { p, sku } = buyable(5);
    const bySlug = await page(`/ops/item?q=${p.slug}`, cookie);
    expect(bySlug.body).toContain(`data-slug="${p.slug}"`);
    expect(bySlug.body).toContain(`data-sku="${sku.id}"`);
    expect((await page(`/ops/item?q=${sku.id}`, cookie)).body).toContain(`data-slug="${p.slug}"`);
    expect((await page("/ops/item?q=no-such-thing", cookie)).body).toContain('data-testid="ops-item-missing"');
    const bad = await page("/ops/item?q=%3Cb%3E", cookie);
    expect(errorOf(bad.body)).toBe(uzOps.console.itemQuery);

    // The forms post to the item's own URL, so a refused one comes back with the item and what was typed.
    const upside = await send(`/ops/item?q=${p.slug}`, cookie, { slug: p.slug, firstPrice: "100000", salePrice: "200000" });
    expect(upside.status).toBe(400);
    const upsideBody = await upside.text();
    expect(upsideBody).toContain('value="200000"');
    const prices = await send("/ops/item", cookie, { slug: p.slug, firstPrice: "300000", salePrice: "250000" });
    expect(prices.status).toBe(303);
    expect(prices.headers.get("Location")).toBe(`/ops/item?q=${p.slug}&done=1`);
    expect(await env.DB.prepare("SELECT first_price AS f, sale_price AS s FROM products WHERE slug = ?").bind(p.slug).first()).toEqual({
      f: 300000,
      s: 250000,
    });

    expect((await send("/ops/item", cookie, { slug: p.slug, sku: String(sku.id), stock: "-1" })).status).toBe(400);
    expect((await send("/ops/item", cookie, { slug: p.slug, sku: String(sku.id), stock: "17" })).status).toBe(303);
    expect(await stockOf(sku.id)).toBe(17);
    // A size of another product is not this product's.
    const other = buyable(6).sku;
    expect((await send("/ops/item", cookie, { slug: p.slug, sku: String(other.id), stock: "5" })).status).toBe(404);
    expect((await auditOf(name)).map((a) => `${a.path} ${a.status}`)).toEqual([
      "/ops/login 303",
      "/ops/item 400",
      `/ops/item/${p.slug}/prices 303`,
      "/ops/item 400",
      `/ops/item/${p.slug}/stock 303`,
      `/ops/item/${p.slug}/stock 404`,
    ]);
  });

  it("search: this week's searches that found nothing, each with a link to teach its word; a word taught is found at once; a bad one keeps the form", async () => {
    const cookie = await signIn(await opsKey(["catalogue:write"], "console-search"));
    await get(`/ru/search?q=${encodeURIComponent("кеды")}`, { headers: ip() });
    let body = "";
    await vi.waitFor(async () => {
      body = (await page("/ops/searches", cookie)).body;
      expect(decode(body)).toContain("кеды");
    });
    expect(decode(body)).toContain(`/ops/searches?teach=${encodeURIComponent("кеды")}`);
    const teach = await page(`/ops/searches?teach=${encodeURIComponent("кеды")}`, cookie);
    expect(decode(teach.body)).toMatch(/name="word"[^>]*value="кеды"|value="кеды"[^>]*name="word"/);
    const refused = await send("/ops/searches", cookie, { word: "<>", means: "кроссовки", lang: "ru" });
    expect(refused.status).toBe(400);
    expect(decode(await refused.text())).toContain("<>");
    const taught = await send("/ops/searches", cookie, { word: "кеды", means: "кроссовки", lang: "ru" });
    expect(taught.status).toBe(303);
    expect(taught.headers.get("Location")).toBe("/ops/searches?done=1");
    const found = await get(`/ru/search?q=${encodeURIComponent("кеды")}&exact=1`, { headers: ip() });
    expect(await found.text()).not.toContain('data-testid="no-results"');
    expect(decode((await page("/ops/searches", cookie)).body)).toContain("кеды → кроссовки (ru)");
    expect(await auditOf("console-search")).toContainEqual({ method: "POST", path: "/ops/searches/synonyms", status: 303 });
  });
});
