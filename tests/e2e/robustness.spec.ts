// The real local server (wrangler's workerd) under answers given before a body is read:
// other clients must see no error while large or refused uploads come in.
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
