import { describe, expect, it } from "vitest";
import { API_METHODS, ROUTE_TABLE } from "../shared/route-table";
import { get, ORIGIN } from "./helpers";

const FIVE_MB = 5 * 1024 * 1024;
const headers = (type: string) => ({ Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", "Content-Type": type, "CF-Connecting-IP": "10.55.0.1" });

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

  it("a body sent without a length is read only up to the limit: refused, never a 500", async () => {
    for (const [url, method, type] of TARGETS) {
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 1024 * 1024) return controller.close();
          sent += 64 * 1024;
          controller.enqueue(new Uint8Array(64 * 1024).fill(97));
        },
      });
      const res = await get(url, { method, headers: headers(type), body: stream, duplex: "half" } as RequestInit);
      await res.body?.cancel();
      // Routes that read the body refuse it (400/401/422); one that ignores it (logout) goes on.
      expect(res.status, `${method} ${url}`).toBeLessThan(500);
      if (url === "/login") expect(res.status).toBe(400);
    }
  });
});
