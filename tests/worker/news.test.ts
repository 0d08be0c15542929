import { describe, expect, it } from "vitest";
import { NEWS, newsProductIds } from "../../workers/seed/news";
import { catalogue, countTestId, get, headOf, html, nameOf, tags, titleOf } from "./helpers";

const newest = [...NEWS].sort((a, b) => b.date.localeCompare(a.date));
const linksTo = (body: string, prefix: string) =>
  [...body.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).filter((href) => href.startsWith(prefix) && href.length > prefix.length);

describe("the news list", () => {
  it("shows the newest six articles in the page's language, with the catalogue's pager, shared like the catalogue", async () => {
    const { res, body } = await html("/ru/news");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toMatch(/^public, max-age=0, must-revalidate, s-maxage=\d+$/);
    expect(countTestId(body, "news-item")).toBe(6);
    expect(linksTo(body, "/ru/news/")).toEqual(newest.slice(0, 6).map((a) => `/ru/news/${a.slug}`));
    for (const a of newest.slice(0, 6)) expect(body).toContain(a.texts.ru.title);
    expect(body).toContain('data-testid="page-next"');
    expect(body).toContain('href="/ru/news?page=2"');
    expect(titleOf(body)).toContain("Новости");
  });

  it("has a second page with the older articles, a title and a canonical of its own", async () => {
    const { res, body } = await html("/news?page=2");
    expect(res.status).toBe(200);
    expect(linksTo(body, "/news/")).toEqual(newest.slice(6).map((a) => `/news/${a.slug}`));
    expect(body).toContain('data-testid="page-prev"');
    const canonical = tags(headOf(body), "link").find((l) => l.rel === "canonical");
    expect(canonical!.href).toBe("http://shop.test/news?page=2");
    expect(titleOf(body)).not.toBe(titleOf((await html("/news")).body));
  });

  it("answers 404 past the last page (with a link to the first), and for a page that is not a number", async () => {
    const past = await html("/uk/news?page=3");
    expect(past.res.status).toBe(404);
    expect(past.body).toContain('data-testid="first-page"');
    expect(past.body).toContain('href="/uk/news"');
    for (const page of ["abc", "0", "-1", "2.5"]) expect((await get(`/news?page=${page}`)).status, page).toBe(404);
  });

  it("redirects page 1 to the URL without it, and names the clean URL as canonical whatever else the query holds", async () => {
    const one = await get("/ru/news?page=1");
    expect(one.status).toBe(301);
    expect(one.headers.get("Location")).toBe("/ru/news");
    const { res, body } = await html("/news?page=2&utm_source=x");
    expect(res.status).toBe(200);
    expect(tags(headOf(body), "link").find((l) => l.rel === "canonical")!.href).toBe("http://shop.test/news?page=2");
  });

  it("answers a client navigation's data request for a page (no redirect to a clean URL of it)", async () => {
    for (const path of ["/ru/news.data?_routes=pages%2Fnews", "/news.data?page=2&_routes=pages%2Fnews"]) expect((await get(path)).status, path).toBe(200);
  });

  it("is linked from every page's footer", async () => {
    for (const [path, link] of [
      ["/", "/news"],
      ["/ru/store", "/ru/news"],
    ] as const) {
      const { body } = await html(path);
      expect(body.slice(body.indexOf("<footer")), path).toContain(`href="${link}"`);
    }
  });
});

describe("a news article", () => {
  const article = NEWS[0]!;

  it("shows its title, date, cover, body and the products it names, in each language", async () => {
    for (const lang of ["uz", "ru", "uk"] as const) {
      const prefix = lang === "uz" ? "" : `/${lang}`;
      const { res, body } = await html(`${prefix}/news/${article.slug}`);
      expect(res.status, lang).toBe(200);
      expect(res.headers.get("Cache-Control")).toMatch(/^public, max-age=0, must-revalidate, s-maxage=\d+$/);
      const text = article.texts[lang];
      expect(body).toContain(`<h1>${text.title}</h1>`);
      for (const paragraph of text.body) expect(body).toContain(paragraph.replace(/"/g, "&quot;").replace(/'/g, "&#x27;"));
      expect(body).toMatch(/<time dateTime="2026-03-02"/i);
      expect(body).toContain({ uz: ">2-mart, 2026</time>", ru: ">2 марта 2026</time>", uk: ">2 березня 2026</time>" }[lang]);
      expect(body).toContain('class="news-article__cover"');
      const ids = newsProductIds(catalogue, article.id);
      const slugs = ids.map((id) => catalogue.products.find((p) => p.id === id)!);
      for (const p of slugs) {
        expect(body, p.slug).toContain(`${prefix}/product/${p.slug}`);
        expect(body).toContain(nameOf(p, lang).replace(/'/g, "&#x27;").replace(/"/g, "&quot;"));
      }
    }
  });

  it("carries schema.org NewsArticle JSON-LD and hreflang alternates", async () => {
    const { body } = await html(`/ru/news/${article.slug}`);
    const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(body)![1]!;
    const ld = JSON.parse(script);
    expect(ld["@type"]).toBe("NewsArticle");
    expect(ld.headline).toBe(article.texts.ru.title);
    expect(ld.datePublished).toBe("2026-03-02T09:00:00.000Z");
    expect(ld.inLanguage).toBe("ru");
    expect(ld.url).toBe(`http://shop.test/ru/news/${article.slug}`);
    expect(ld.image[0]).toMatch(/^http:\/\/shop\.test\//);
    expect(ld.publisher.name).toBe("Libos");
    const alternates = tags(headOf(body), "link")
      .filter((l) => l.rel === "alternate")
      .map((l) => [l.hreflang, l.href]);
    expect(alternates).toEqual([
      ["uz", `http://shop.test/news/${article.slug}`],
      ["ru", `http://shop.test/ru/news/${article.slug}`],
      ["uk", `http://shop.test/uk/news/${article.slug}`],
      ["x-default", `http://shop.test/news/${article.slug}`],
    ]);
  });

  it("answers 404 for an unknown or malformed slug", async () => {
    expect((await get("/news/no-such-article")).status).toBe(404);
    expect((await get("/ru/news/Bad_Slug!")).status).toBe(404);
  });
});
