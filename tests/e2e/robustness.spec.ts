// The real local server (wrangler's workerd) under answers given before a body is read:
// other clients must see no error while large or refused uploads come in.
import { request as httpRequest } from "node:http";
import { expect, test } from "./support";

const FIVE_MB = Buffer.alloc(5 * 1024 * 1024, "a");
const SMALL = Buffer.alloc(60 * 1024, "a");
const headers = (type: string) => ({ "Content-Type": type, Origin: "http://127.0.0.1", "Sec-Fetch-Site": "same-origin" });

test("uploads answered early (413, 401, 403, 405) leave other clients unharmed", async ({ request, baseURL }) => {
  const origin = { ...headers("application/json"), Origin: baseURL! };
  const refused = [
    // Over the limit: 413 before reading.
    ...["/login", "/cart", "/api/cart", "/api/kid", "/auth/login-by-phone", "/bpm/validate-promo-code"].map((path) =>
      request.post(path, { data: FIVE_MB, headers: origin }).then((r) => [path, r.status()] as const),
    ),
    // Under the limit, refused before the route reads it: 401 (a guest), 405, 403 (cross-site).
    request.post("/api/kid", { data: SMALL, headers: origin }).then((r) => ["/api/kid small", r.status()] as const),
    request.put("/api/cart", { data: SMALL, headers: origin }).then((r) => ["PUT /api/cart", r.status()] as const),
    request
      .post("/api/cart", { data: SMALL, headers: { ...origin, Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } })
      .then((r) => ["cross-site", r.status()] as const),
  ];
  const others = Array.from({ length: 30 }, (_, i) => request.get(i % 2 ? "/" : "/store").then((r) => r.status()));
  const [refusals, pages] = await Promise.all([Promise.all(refused), Promise.all(others)]);
  expect(Object.fromEntries(refusals)).toEqual({
    "/login": 413,
    "/cart": 413,
    "/api/cart": 413,
    "/api/kid": 413,
    "/auth/login-by-phone": 413,
    "/bpm/validate-promo-code": 413,
    "/api/kid small": 401,
    "PUT /api/cart": 405,
    "cross-site": 403,
  });
  expect(
    pages.every((s) => s === 200),
    pages.join(","),
  ).toBe(true);
});

/** A POST whose body goes in 16 kB pieces with no Content-Length (Transfer-Encoding: chunked), as a streaming client sends it. */
function chunked(url: string, body: Buffer, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { method: "POST", agent: false, headers: { ...headers, "Transfer-Encoding": "chunked" } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (piece: string) => {
        text += piece;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    // A connection dropped under the upload is an answer too (status 0): the test lists it.
    req.on("error", (error) => resolve({ status: 0, text: String(error) }));
    for (let i = 0; i < body.length; i += 16 * 1024) req.write(body.subarray(i, i + 16 * 1024));
    req.end();
  });
}

/** The calls that take a body, the cart's add (a JSON call and the cart page's form) among them. */
const TAKERS = [
  ["/order/request?lang=ru", "application/json"],
  ["/v2/product-review?lang=ru", "application/json"],
  ["/reaction?lang=ru", "application/json"],
  ["/api/favorites?lang=ru", "application/json"],
  ["/api/delivery/delivery-data?lang=ru", "application/json"],
  ["/api/cart?lang=ru", "application/json"],
  ["/ru/cart", "application/x-www-form-urlencoded"],
] as const;

test("bodies past the limit, chunked or sized, are refused with 413 in the request's language; small ones are answered, never a 5xx", async ({
  request,
  baseURL,
}) => {
  const BIG = Buffer.alloc(66 * 1024, "a");
  const TINY = Buffer.from("x".repeat(1024));
  const answers: string[] = [];
  const wanted: string[] = [];
  for (const [path, type] of TAKERS) {
    const sent = { ...headers(type), Origin: baseURL!, "Accept-Language": "ru-RU" };
    for (const [name, body] of [
      ["66 kB", BIG],
      ["5 MB", FIVE_MB],
    ] as const) {
      const sized = await request.post(path, { data: body, headers: sent });
      const streamed = await chunked(baseURL + path, body, sent);
      for (const [how, status, text] of [
        ["sized", sized.status(), await sized.text()],
        ["chunked", streamed.status, streamed.text],
      ] as const) {
        answers.push(`${how} ${name} ${path}: ${status}`);
        wanted.push(`${how} ${name} ${path}: 413`);
        // The message is Russian: a JSON call's `message`, the page's heading.
        if (status === 413)
          expect(type === "application/json" ? (JSON.parse(text) as { message: string }).message : /<h1[^>]*>([^<]*)</.exec(text)?.[1]).toMatch(/[А-Яа-я]/);
      }
    }
    // Under the limit, not what the call reads: refused by the call itself (4xx), never a 5xx.
    const small = await chunked(baseURL + path, TINY, sent);
    expect(small.status, `chunked 1 kB ${path}: ${small.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(small.status, `chunked 1 kB ${path}`).toBeLessThan(500);
  }
  expect(answers).toEqual(wanted);
});
