import { describe, expect, it } from "vitest";
import { isPersonalPath } from "~/server/private-cache.server";
import { crawl, crawlProblems } from "../shared/crawl.ts";
import { get, ORIGIN } from "./helpers";

// A crawler's full walk of the seeded shop (the walk and its rules in
// tests/shared/crawl.ts, which `npm run bench` runs on the demo shop too): from the three home
// pages and every sitemap URL, every internal link; none answers 4xx/5xx, and every indexable
// page has a self canonical, reciprocal hreflang for uz/ru/uk plus x-default, and a title and
// description of its own in its language. Filtered or sorted listings are not indexable.

describe("a full crawl of the seeded shop", () => {
  it("finds no broken link, and every indexable page is canonical to itself with reciprocal alternates and its own title", async () => {
    // Every answer names its caching: a shopper's page private, a page for everyone shared briefly.
    const unnamed: string[] = [];
    const recording = async (path: string, init: RequestInit) => {
      const res = await get(path, init);
      const cache = res.headers.get("Cache-Control") ?? "";
      const page = res.status === 200 && (res.headers.get("Content-Type") ?? "").includes("text/html");
      const want = isPersonalPath(new URL(path, ORIGIN).pathname) ? /^private, no-store$/ : page ? /^public, max-age=0, must-revalidate, s-maxage=\d+$/ : /./;
      if (!want.test(cache)) unnamed.push(`${path} → ${res.status} ${cache}`);
      return res;
    };
    const { broken, pages } = await crawl(recording, ORIGIN);
    expect(unnamed).toEqual([]);
    expect(broken).toEqual([]);
    const { problems, indexable } = crawlProblems(pages, ORIGIN);
    expect(indexable).toBeGreaterThan(100);
    expect(problems).toEqual([]);
    // Crawl budget: the sign-in pages come once per return_url (a review's sign-in link, the login
    // page's links to the code login and the sign-up), so those links are nofollow; a crawler
    // meets sign-in pages only where a page redirects to one.
    const signIns = pages.map((p) => p.url).filter((url) => /^(\/(ru|uk))?\/(login|signup)(\/sms)?\?return_url=/.test(url));
    expect(signIns.filter((url) => url.includes("%23review-") || /\/(signup|sms)\?/.test(url))).toEqual([]);
  }, 120_000);
});
