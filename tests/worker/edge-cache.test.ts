import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { formatUzs } from "~/i18n/format";
import { edgeKey } from "~/server/edge-cache.server";
import worker from "../../workers/app";
import { ROUTE_TABLE } from "../shared/route-table";
import { cartWith, ip, signUp } from "./fixtures";
import { decode, GOOGLEBOT, get, ORIGIN, products } from "./helpers";

// The other test files run with EDGE_CACHE=off (vitest.config.ts); these requests turn it on.
const ON = { ...env, EDGE_CACHE: "on", EDGE_CACHE_SECONDS: "60" };

/** A request through the Worker with the edge cache on; the answer is read whole, then the stores it left finish. */
async function via(path: string, init: RequestInit = {}, vars: Env = ON) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(ORIGIN + path, { redirect: "manual", ...init }) as Parameters<typeof worker.fetch>[0], vars, ctx);
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, body, cache: res.headers.get("X-Cache") };
}

function cspNonce(res: Response): string {
  return /'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy") ?? "")![1]!;
}
const scriptNonces = (body: string) => [...body.matchAll(/<script\b[^>]*\bnonce="([^"]*)"/g)].map((m) => m[1]!);
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, "");
const urlOf = (url: string) => url.replace("PRODUCT", products[0]!.slug);
/** Scripts that run (JSON-LD data aside). */
const runnable = (body: string) => [...body.matchAll(/<script\b[^>]*>/g)].filter((m) => !m[0].includes('type="application/ld+json"')).length;
const PHONE = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

describe("every answer names its caching", () => {
  it("over the route table, for guests: personal routes private, public pages shared briefly, errors and writes never kept", async () => {
    for (const row of ROUTE_TABLE) {
      for (const method of ["GET", "HEAD", "POST"]) {
        const res = await get(urlOf(row.url), { method, headers: { ...ip(), Origin: ORIGIN } });
        await res.body?.cancel();
        const cache = res.headers.get("Cache-Control");
        const where = `${method} ${row.url} → ${res.status}`;
        expect(cache, where).toBeTruthy();
        if (row.personal) expect(cache, where).toBe("private, no-store");
        else if (res.status >= 400 || method === "POST") expect(cache, where).toMatch(/no-store/);
        else if (res.status === 200) expect(cache, where).toMatch(/\bpublic\b/);
      }
    }
  });

  it("anonymous pages and catalogue data: the browser asks again, the edge keeps them briefly, lite pages vary", async () => {
    for (const url of ["/", "/ru/store/women", urlOf("/product/PRODUCT"), "/ru.data", "/ru/store/women.data", "/api/catalog/v3/products?lang=ru"]) {
      const res = await get(url, { headers: ip() });
      await res.body?.cancel();
      expect(res.status, url).toBe(200);
      expect(res.headers.get("Cache-Control"), url).toBe("public, max-age=0, must-revalidate, s-maxage=60");
      expect(res.headers.get("CDN-Cache-Control"), url).toBe("public, max-age=60, stale-while-revalidate=60, stale-if-error=86400");
      expect(res.headers.get("Vary"), url).toContain("Save-Data");
    }
    // A redirect that never changes, and one that sets a cookie.
    const moved = await get("/uz/store/women");
    expect([moved.status, moved.headers.get("Cache-Control")]).toEqual([301, "public, max-age=3600"]);
    const lite = await get("/?lite=1");
    expect(lite.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("the edge cache", () => {
  it("serves the second anonymous shopper the first one's page, with a nonce of its own that the page's scripts carry", async () => {
    const first = await via("/ru");
    expect(first.cache).toBe("miss");
    const second = await via("/ru", { headers: { "User-Agent": PHONE } });
    expect(second.cache).toBe("hit");
    expect(second.res.status).toBe(200);
    expect(second.res.headers.get("Age")).toMatch(/^\d+$/);
    expect(second.res.headers.get("Cache-Control")).toBe(first.res.headers.get("Cache-Control"));
    expect(second.res.headers.get("Server-Timing")).toContain('edge;desc="hit"');
    for (const name of ["X-Edge-Nonce", "X-Edge-Stored-At", "X-Edge-Cache-Control"]) expect(second.res.headers.has(name)).toBe(false);
    // The same bytes but for the nonce, and every script runs under the new one.
    expect(withoutNonces(second.body)).toBe(withoutNonces(first.body));
    const nonce = cspNonce(second.res);
    expect(nonce).not.toBe(cspNonce(first.res));
    const scripts = scriptNonces(second.body);
    expect(scripts.length).toBeGreaterThan(0);
    expect(new Set(scripts)).toEqual(new Set([nonce]));
    expect(second.body).not.toContain(cspNonce(first.res));
    // HEAD is answered from the same copy.
    const head = await via("/ru", { method: "HEAD" });
    expect([head.cache, head.body]).toEqual(["hit", ""]);
  });

  it("keeps languages, lite pages and crawlers' pages apart, and keys by the deployed build", async () => {
    expect((await via("/uk")).cache).toBe("miss");
    expect((await via("/uk")).cache).toBe("hit");
    expect((await via("/")).cache).toBe("miss");
    const lite = await via("/uk", { headers: { "Save-Data": "on" } });
    expect(lite.cache).toBe("miss");
    expect(runnable(lite.body)).toBe(0);
    // The lite cookie is not a shopper's: its copy is shared too, and it is the lite one.
    const liteByCookie = await via("/uk", { headers: { Cookie: "lite=1" } });
    expect(liteByCookie.cache).toBe("hit");
    expect(runnable(liteByCookie.body)).toBe(0);
    expect((await via("/uk", { headers: { "User-Agent": GOOGLEBOT } })).cache).toBe("miss");
    const build = await import("virtual:react-router/server-build");
    expect(build.assets.version).toBeTruthy();
    expect((await edgeKey(new Request(`${ORIGIN}/ru/store?x=1`))).url).toBe(`${ORIGIN}/__edge/${build.assets.version}/full-browser/ru/store?x=1`);
  });

  it("never answers or stores for a shopper: a signed-in shopper after an anonymous one sees their own counters", async () => {
    const page = urlOf("/ru/product/PRODUCT");
    expect((await via(page)).cache).toBe("miss");
    expect((await via(page)).cache).toBe("hit");
    const { s } = await cartWith({ shopper: await signUp() });
    const mine = await via(page, { headers: { Cookie: s.cookie!, ...ip() } });
    expect(mine.cache).toBe("bypass");
    expect(mine.res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(mine.body).toMatch(/data-testid="cart-counter"[^>]*>.*?<span class="counter__badge">1<\/span>/s);
    // A guest's page after theirs is still the shared one, with no counter.
    const guest = await via(page);
    expect(guest.cache).toBe("hit");
    expect(guest.body).not.toContain("counter__badge");
    // Any cookie that is not the lite switch bypasses; an answer that sets one is never stored.
    expect((await via(page, { headers: { Cookie: "other=1" } })).cache).toBe("bypass");
    // The database bookmark a shopper keeps after signing out names nobody: the shared copy.
    expect((await via(page, { headers: { Cookie: "__d1b=00000085-00000001-00004f9b-a7" } })).cache).toBe("hit");
    expect((await via("/ru?lite=1")).cache).toBe("miss");
    expect((await via("/ru?lite=1")).cache).toBe("miss");
    // Errors are never kept.
    expect((await via("/no-such-page")).cache).toBe("miss");
    expect((await via("/no-such-page")).cache).toBe("miss");
  });

  it("a price change reaches the cached product page within the edge lifetime", async () => {
    const short = { ...ON, EDGE_CACHE_SECONDS: "1" };
    const p = products.find((x) => x.sale_price > 0)!;
    const page = `/product/${p.slug}`;
    const before = await via(page, {}, short);
    expect(before.res.headers.get("Cache-Control")).toMatch(/s-maxage=1$/);
    expect(decode(before.body)).toContain(formatUzs(p.sale_price, "uz"));
    const price = p.sale_price + 1000;
    await env.DB.prepare("UPDATE products SET sale_price = ? WHERE id = ?").bind(price, p.id).run();
    const during = await via(page, {}, short);
    expect(during.cache).toBe("hit");
    expect(decode(during.body)).not.toContain(formatUzs(price, "uz"));
    await new Promise((r) => setTimeout(r, 2100));
    const after = await via(page, {}, short);
    expect(after.cache).toBe("miss");
    expect(decode(after.body)).toContain(formatUzs(price, "uz"));
  });

  it("answers the catalogue's JSON from the cache for the next caller, keyed by its query", async () => {
    const path = "/api/catalog/v3/products?lang=uk&per-page=2&expand=brand";
    const first = await via(path);
    expect(first.cache).toBe("miss");
    const second = await via(path);
    expect(second.cache).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(second.res.headers.get("X-Pagination-Total-Count")).toBe(first.res.headers.get("X-Pagination-Total-Count"));
    expect((await via("/api/catalog/v3/products?lang=uk&per-page=2")).cache).toBe("miss");
  });

  it("is off where EDGE_CACHE says so", async () => {
    await via("/ru/store/women");
    expect((await via("/ru/store/women", {}, { ...ON, EDGE_CACHE: "off" })).cache).toBe("bypass");
  });
});
