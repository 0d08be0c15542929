import { describe, expect, it } from "vitest";
import { API_METHODS, ROUTE_TABLE } from "../shared/route-table";
import { get, ORIGIN } from "./helpers";
import { ip } from "./fixtures";

const FIVE_MB = 5 * 1024 * 1024;
const headers = (type: string) => ({ Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", "Content-Type": type, ...ip() });

/** Every place a body is posted: the pages' form actions and the JSON operations that take one. */
const TARGETS: [url: string, method: string, type: string][] = [
  ...ROUTE_TABLE.filter((r) => r.action).map((r): [string, string, string] => [r.url, "POST", "application/x-www-form-urlencoded"]),
  ...API_METHODS.flatMap(([url, methods]) =>
    methods.filter((m) => m !== "GET").map((m): [string, string, string] => [`${url}?lang=ru`, m, "application/json"]),
  ),
];

describe("bodies past the limit", () => {
  it("a 5 MB body with its Content-Length is a 413 on every endpoint that takes a body", async () => {
    const big = new Uint8Array(FIVE_MB).fill(97);
    for (const [url, method, type] of TARGETS) {
      const res = await get(url, { method, headers: { ...headers(type), "Content-Length": String(FIVE_MB) }, body: big });
      expect(res.status, `${method} ${url}`).toBe(413);
      const text = await res.text();
      if (type === "application/json") expect((JSON.parse(text) as { message: string }).message, url).toMatch(/[А-Яа-я]/);
      else expect(text, url).toContain("<h1>");
    }
  });

  it("a body sent without a length (chunked) past the limit is a 413 too, answered after the whole upload was read", async () => {
    for (const total of [66 * 1024, FIVE_MB])
      for (const [url, method, type] of TARGETS) {
        // The upload in 16 kB pieces; whether it was read to its end or cut off (wrangler's
        // local proxy answers a cut-off upload with a lost connection, a 500).
        let sent = 0;
        let cancelled = false;
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent >= total) return controller.close();
            const piece = Math.min(16 * 1024, total - sent);
            sent += piece;
            controller.enqueue(new Uint8Array(piece).fill(97));
          },
          cancel() {
            cancelled = true;
          },
        });
        const res = await get(url, { method, headers: headers(type), body: stream, duplex: "half" } as RequestInit);
        const what = `${total} B ${method} ${url}`;
        expect(res.status, what).toBe(413);
        const text = await res.text();
        if (type === "application/json") expect((JSON.parse(text) as { message: string }).message, what).toMatch(/[А-Яа-я]/);
        else expect(text, what).toContain("<h1>");
        expect({ cancelled, read: sent }, what).toEqual({ cancelled: false, read: total });
      }
  });

  it("a body without a length under the limit reaches the call as it was sent", async () => {
    const chunked = (url: string, type: string, text: string) => {
      const bytes = new TextEncoder().encode(text);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          // Two pieces, as a streaming client may send them.
          controller.enqueue(bytes.slice(0, 5));
          controller.enqueue(bytes.slice(5));
          controller.close();
        },
      });
      return get(url, { method: "POST", headers: headers(type), body: stream, duplex: "half" } as RequestInit);
    };
    // Read as JSON: the call names the field it lacks (a body it could not read would say so instead).
    const delivery = await chunked("/api/delivery/delivery-data?lang=ru", "application/json", JSON.stringify({ city: 1 }));
    expect(delivery.status).toBe(400);
    expect(await delivery.json()).toMatchObject({ errors: [{ field: "data" }] });
    // Not a body the page's form reads: the login form's own refusal, its fields kept.
    const login = await chunked("/ru/login", "application/x-www-form-urlencoded", "login=someone%40example.uz&password=");
    expect(login.status).toBe(400);
    expect(await login.text()).toContain("someone@example.uz");
  });
});
