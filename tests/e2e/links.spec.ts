// A crawl of the shop from its three home pages: no internal link, stylesheet, icon, image
// or script may answer 4xx/5xx.
import { expect, test } from "./support";

const LIMIT = 250;

function linksOf(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) {
    const raw = m[1]!.replace(/&amp;/g, "&");
    if (raw.startsWith("/") && !raw.startsWith("//")) out.push(raw.split("#")[0]!);
  }
  return out;
}

test("every internal link from the home pages answers", async ({ request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "one crawl is enough: it does not use the browser");
  test.setTimeout(120_000);
  const seen = new Set<string>(["/", "/ru", "/uk"]);
  const queue = [...seen];
  const broken: string[] = [];
  while (queue.length && seen.size <= LIMIT) {
    const url = queue.shift()!;
    const res = await request.get(url, { maxRedirects: 5 });
    if (res.status() >= 400) broken.push(`${url} → ${res.status()}`);
    if (!(res.headers()["content-type"] ?? "").includes("text/html")) continue;
    for (const link of linksOf(await res.text())) {
      // Stay in the shop's pages and files; sign-out and other forms are not links.
      if (seen.has(link) || link.startsWith("/cdn-cgi/")) continue;
      seen.add(link);
      queue.push(link);
    }
  }
  expect(broken).toEqual([]);
  expect(seen.size).toBeGreaterThan(50);
  // The header's favourites link, in every language.
  for (const favourites of ["/favorite", "/ru/favorite", "/uk/favorite"]) expect(seen, favourites).toContain(favourites);
});
