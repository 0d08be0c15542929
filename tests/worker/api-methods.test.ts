import { describe, expect, it } from "vitest";
import { API_METHODS, ROUTE_TABLE, UNKNOWN_API_PATHS } from "../shared/route-table";
import { get, ORIGIN } from "./helpers";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const CYRILLIC = /[А-Яа-яЁё]/;
const send = (url: string, method: string) =>
  get(`${url}${url.includes("?") ? "&" : "?"}lang=ru`, {
    method,
    headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json" },
    body: ["GET", "HEAD", "OPTIONS"].includes(method) ? undefined : "{}",
  });

describe("the JSON API's methods and operations", () => {
  it("a wrong method is a 405 JSON answer with Allow and a message in the request's language", async () => {
    for (const [url, methods] of API_METHODS) {
      const allowed = methods.includes("GET") ? ["GET", "HEAD", ...methods.filter((m) => m !== "GET")] : methods;
      for (const method of METHODS.filter((m) => !allowed.includes(m))) {
        const res = await send(url, method);
        expect(res.status, `${method} ${url}`).toBe(405);
        expect(res.headers.get("Allow"), `${method} ${url}`).toBe(allowed.join(", "));
        expect(res.headers.get("Content-Type"), `${method} ${url}`).toContain("application/json");
        if (method === "HEAD") await res.body?.cancel();
        else expect(((await res.json()) as { message: string }).message, `${method} ${url}`).toMatch(CYRILLIC);
      }
    }
  });

  it("an allowed method reaches the operation (a guest is asked to sign in, never a 404/405)", async () => {
    for (const [url, methods] of API_METHODS) {
      for (const method of methods) {
        const res = await send(url, method);
        await res.body?.cancel();
        expect([404, 405], `${method} ${url} → ${res.status}`).not.toContain(res.status);
        expect(res.status, `${method} ${url}`).toBeLessThan(500);
      }
    }
  });

  it("an unknown operation is a 404 JSON answer, whatever the method (never the account's details)", async () => {
    for (const url of UNKNOWN_API_PATHS) {
      for (const method of ["GET", "POST"]) {
        const res = await send(url, method);
        expect(res.status, `${method} ${url}`).toBe(404);
        const body = (await res.json()) as { success: boolean; message: string };
        expect(body.success).toBe(false);
        expect(body.message).toMatch(CYRILLIC);
      }
    }
  });
});

describe("pages' methods", () => {
  it("a page takes GET and HEAD, and POST only where it has a form action; other methods get the 405 page", async () => {
    for (const row of ROUTE_TABLE.filter((r) => !r.json && r.route !== "*")) {
      const url = row.url.replace("PRODUCT", "x");
      const res = await get(url, { method: "OPTIONS", headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" } });
      await res.body?.cancel();
      expect(res.status, url).toBe(405);
      expect(res.headers.get("Allow"), url).toBe(row.action ? "GET, HEAD, POST" : "GET, HEAD");
    }
  });
});
