import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fx, get, GOOGLEBOT, html, ORIGIN } from "./helpers";

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function nonceOf(res: Response): string {
  const csp = res.headers.get("Content-Security-Policy");
  expect(csp).toBeTruthy();
  const scriptSrc = directives(csp!).get("script-src")!;
  const nonces = scriptSrc.filter((v) => v.startsWith("'nonce-"));
  expect(nonces).toHaveLength(1);
  return /^'nonce-(.+)'$/.exec(nonces[0]!)![1]!;
}

/** Inline scripts the browser would run (JSON-LD data blocks are never executed, so CSP does not apply). */
function inlineScripts(body: string): string[] {
  return [...body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[0]).filter((tag) => !/\ssrc=/.test(tag) && !/type="application\/(ld\+)?json"/.test(tag));
}

function expectCommonHeaders(res: Response) {
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("X-Frame-Options")).toBe("DENY");
  expect(res.headers.get("Permissions-Policy")).toBe("camera=(), microphone=(), geolocation=()");
  expect(directives(res.headers.get("Content-Security-Policy") ?? "").get("frame-ancestors")).toEqual(["'none'"]);
  expect(res.headers.has("Strict-Transport-Security")).toBe(false);
}

describe("Content-Security-Policy on HTML", () => {
  const pages = ["/", "/ru/store?sort=price_asc", `/product/${fx.productOneSlug}`, "/uk/search?q=sport", "/no/such/page"];
  for (const path of pages) {
    it(`${path}: nonce-based script-src, every inline script carries the nonce`, async () => {
      const { res, body } = await html(path);
      expectCommonHeaders(res);
      const csp = directives(res.headers.get("Content-Security-Policy")!);
      const nonce = nonceOf(res);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(csp.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "https://challenges.cloudflare.com"]);
      expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
      expect(csp.get("script-src")).not.toContain("'unsafe-eval'");
      expect(csp.get("default-src")).toEqual(["'self'"]);
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("base-uri")).toEqual(["'self'"]);
      // The shop's forms post to itself; the place-order form's redirect may go on to the payment provider's page (CLICK_PAY_URL).
      expect(csp.get("form-action")).toEqual(["'self'", "https://my.click.uz", "https://checkout.paycom.uz"]);
      const scripts = inlineScripts(body);
      expect(scripts.length).toBeGreaterThanOrEqual(3);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      // React Router's module preloads carry it too.
      for (const link of body.match(/<link rel="modulepreload"[^>]*>/g) ?? []) expect(link).toContain(`nonce="${nonce}"`);
    });
  }

  it("streamed chunks (late scripts of a browser's product page) carry the nonce", async () => {
    const { res, body } = await html(`/product/${fx.productOneSlug}`);
    const nonce = nonceOf(res);
    const rest = body.slice(body.indexOf("</main>"));
    // React's boundary swap ($RC) and React Router's data chunks arrive after the shell.
    expect(rest).toContain('$RC("B:0","S:0")');
    expect(rest).toContain("streamController.close()");
    const late = inlineScripts(rest);
    expect(late.length).toBeGreaterThanOrEqual(5);
    for (const tag of late) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("crawler documents carry the nonce too", async () => {
    const { res, body } = await html(`/product/${fx.productOneSlug}`, { headers: { "User-Agent": GOOGLEBOT } });
    const nonce = nonceOf(res);
    for (const tag of inlineScripts(body)) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("differs between two requests", async () => {
    const a = await get("/");
    const b = await get("/");
    const [na, nb] = [nonceOf(a), nonceOf(b)];
    expect(na).not.toBe(nb);
    const bodyB = await b.text();
    await a.body?.cancel();
    expect(bodyB).not.toContain(na);
  });
});

describe("headers on non-HTML responses", () => {
  it("robots.txt", async () => {
    const res = await get("/robots.txt");
    expect(res.status).toBe(200);
    expectCommonHeaders(res);
    expect(res.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'; style-src 'unsafe-inline'");
  });

  it("an SVG image gets the locked-down policy (no script can run in it)", async () => {
    const res = await get("/img/sneaker/khaki/1.svg");
    expect(res.status).toBe(200);
    expectCommonHeaders(res);
    expect(directives(res.headers.get("Content-Security-Policy")!).get("default-src")).toEqual(["'none'"]);
  });

  it("a 404 page", async () => {
    const res = await get("/no/such/page");
    expect(res.status).toBe(404);
    expectCommonHeaders(res);
    expect(nonceOf(res)).toBeTruthy();
  });

  it("a redirect and a 414", async () => {
    const redirect = await get("/uz/store");
    expect(redirect.status).toBe(301);
    expectCommonHeaders(redirect);
    const tooLong = await get(`/?q=${"x".repeat(5000)}`);
    expect(tooLong.status).toBe(414);
    expectCommonHeaders(tooLong);
  });
});

describe("HSTS", () => {
  it("is absent over http://", async () => {
    const res = await get("/");
    expect(res.headers.get("Strict-Transport-Security")).toBeNull();
    await res.body?.cancel();
  });

  it("is sent over https://", async () => {
    for (const path of ["/", "/robots.txt", "/no/such/page"]) {
      const res = await exports.default.fetch(new Request(`https://shop.test${path}`));
      expect(res.headers.get("Strict-Transport-Security"), path).toBe("max-age=31536000; includeSubDomains");
      await res.body?.cancel();
    }
  });

  it("canonical URLs name the configured origin, not the request's scheme or Host", async () => {
    const res = await exports.default.fetch(new Request("https://mirror.example/store"));
    expect(await res.text()).toContain('<link rel="canonical" href="http://shop.test/store"/>');
  });
});

describe("CSRF: cross-site state-changing requests are refused", () => {
  const post = (path: string, headers: Record<string, string>, method = "POST") =>
    get(path, { method, headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body: "a=1" });

  const refused: [string, Record<string, string>, string?][] = [
    ["/", { Origin: "https://evil.example" }],
    ["/store", { Origin: "https://evil.example" }],
    [`/ru/product/${fx.productOneSlug}`, { Origin: "https://evil.example" }],
    ["/", { Origin: "null" }],
    ["/", { Origin: "https://shop.test" }], // other scheme: another origin
    ["/", { "Sec-Fetch-Site": "cross-site" }],
    ["/", { "Sec-Fetch-Site": "same-site" }],
    ["/", { "Sec-Fetch-Site": "cross-site", Origin: ORIGIN }], // Sec-Fetch-Site wins
    ["/no/such/page", { "Sec-Fetch-Site": "cross-site" }],
    ["/", { Origin: "https://evil.example" }, "PUT"],
    ["/", { Origin: "https://evil.example" }, "DELETE"],
    ["/", { Origin: "https://evil.example" }, "PATCH"],
  ];
  for (const [path, headers, method = "POST"] of refused) {
    it(`${method} ${path} ${JSON.stringify(headers)} → 403`, async () => {
      const res = await post(path, headers, method);
      expect(res.status).toBe(403);
      expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(await res.text()).toBe("Forbidden: cross-site request");
    });
  }

  const allowed: [string, Record<string, string>][] = [
    ["/", { "Sec-Fetch-Site": "same-origin", Origin: ORIGIN }],
    ["/store", { "Sec-Fetch-Site": "same-origin", Origin: ORIGIN }],
    [`/ru/product/${fx.productOneSlug}`, { "Sec-Fetch-Site": "same-origin", Origin: ORIGIN }],
    ["/no/such/page", { "Sec-Fetch-Site": "same-origin", Origin: ORIGIN }],
    ["/", { Origin: ORIGIN }],
    ["/", { "Sec-Fetch-Site": "none" }],
    ["/", {}], // no browser: nothing ambient to abuse
  ];
  for (const [path, headers] of allowed) {
    it(`POST ${path} ${JSON.stringify(headers)} passes the CSRF check (no action: 405, never 403 or 5xx)`, async () => {
      const res = await post(path, headers);
      expect(res.status).not.toBe(403);
      expect(res.status).toBeLessThan(500);
      expect(res.status).toBe(405);
      await res.body?.cancel();
    });
  }

  // [path posted to, language, title, the "open the page" link as written, the home link]
  const localized405: [string, "uz" | "ru" | "uk", string, string, string][] = [
    ["/store?sort=new&q=a'b", "uz", "Bunday yuborib bo&#x27;lmaydi", 'href="/store?sort=new&amp;q=a%27b"', 'href="/"'],
    [`/ru/product/${fx.productOneSlug}`, "ru", "Так отправить нельзя", `href="/ru/product/${fx.productOneSlug}"`, 'href="/ru"'],
    ["/uk/no/such/page", "uk", "Так надіслати не можна", 'href="/uk/no/such/page"', 'href="/uk"'],
    // Never a protocol-relative link off the site.
    ["//evil.example/x", "uz", "Bunday yuborib bo&#x27;lmaydi", 'href="/evil.example/x"', 'href="/"'],
  ];
  for (const [path, lang, title, back, home] of localized405) {
    it(`a form posted to ${path} (no action there) gets a 405 page in ${lang} with a way back`, async () => {
      const res = await post(path, { "Sec-Fetch-Site": "same-origin", Origin: ORIGIN });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET, HEAD");
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      const body = await res.text();
      expect(body).toContain(`<title>${title}</title>`);
      expect(body).toContain(`<h1>${title}</h1>`);
      expect(body).not.toMatch(/errors\.\w+/); // no raw keys
      expect(body).toContain(back);
      expect(body).not.toContain('href="//');
      expect(body).toContain(home);
      expect(body).toContain('<meta name="robots" content="noindex"/>');
    });
  }

  it("every method a page does not take gets the translated 405 page, with what it takes in Allow", async () => {
    const cases: [string, string, string][] = [
      ["/login", "OPTIONS", "GET, HEAD, POST"],
      ["/ru/cart", "PUT", "GET, HEAD, POST"],
      ["/uk/account", "DELETE", "GET, HEAD, POST"],
      ["/store", "PATCH", "GET, HEAD"],
      ["/store.data", "POST", "GET, HEAD"],
      [`/ru/product/${fx.productOneSlug}`, "OPTIONS", "GET, HEAD"],
      ["/robots.txt", "POST", "GET, HEAD"],
    ];
    for (const [path, method, allow] of cases) {
      const res = await get(path, { method, headers: { "Sec-Fetch-Site": "same-origin", Origin: ORIGIN }, body: method === "OPTIONS" ? undefined : "a=1" });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("Allow"), `${method} ${path}`).toBe(allow);
      const body = await res.text();
      expect(body, `${method} ${path}`).not.toMatch(/errors\.\w+/);
      expect(body, `${method} ${path}`).toContain("<h1>");
    }
  });

  it("safe methods are never refused, whatever the headers say", async () => {
    for (const method of ["GET", "HEAD"]) {
      const res = await get("/store", { method, headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" } });
      expect(res.status, method).toBe(200);
      await res.body?.cancel();
    }
  });
});
