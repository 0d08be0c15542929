import { exports } from "cloudflare:workers";
import { fixtures, generateCatalogue } from "../../workers/seed/catalogue";

export const ORIGIN = "http://shop.test";

/** The same small catalogue tests/worker/setup.ts loaded. */
export const catalogue = generateCatalogue({ products: 40 });
export const fx = fixtures(catalogue);

/** A request through the real Worker entry (security headers, redirects, React Router). */
export function get(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(ORIGIN + path, { redirect: "manual", ...init }));
}

export async function html(path: string, init: RequestInit = {}): Promise<{ res: Response; body: string }> {
  const res = await get(path, init);
  return { res, body: await res.text() };
}
