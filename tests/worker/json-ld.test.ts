import { describe, expect, it } from "vitest";
import { demoReviewCount } from "../../workers/seed/reviews";
import { catalogue, html, ORIGIN } from "./helpers";

// JSON-LD checked against the schema.org types it claims and Google's rich-result rules.

type Node = Record<string, unknown>;
const ldOf = (body: string): Node[] =>
  [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const value = JSON.parse(m[1]!) as Node | Node[];
    return Array.isArray(value) ? value : [value];
  });
const ofType = (nodes: Node[], type: string) => nodes.filter((n) => n["@type"] === type);
const absolute = (url: unknown) => typeof url === "string" && url.startsWith(`${ORIGIN}/`);

/** What each type must have, as schema.org and Google's rich results ask. */
function problemsOf(n: Node): string[] {
  const out: string[] = [];
  const need = (cond: boolean, what: string) => cond || out.push(`${n["@type"]}: ${what}`);
  need(n["@context"] === "https://schema.org", "@context");
  switch (n["@type"]) {
    case "Product": {
      need(typeof n.name === "string" && n.name.length > 0, "name");
      need(Array.isArray(n.image) && n.image.length > 0 && n.image.every(absolute), "absolute images");
      need(absolute(n.url), "absolute url");
      const offer = n.offers as Node | undefined;
      if (offer) {
        need(offer["@type"] === "Offer", "Offer type");
        need(Number.isInteger(offer.price) && (offer.price as number) > 0, "integer price");
        need(offer.priceCurrency === "UZS", "UZS");
        need(["https://schema.org/InStock", "https://schema.org/OutOfStock"].includes(offer.availability as string), "availability");
      }
      const rating = n.aggregateRating as Node | undefined;
      if (rating) {
        need(rating["@type"] === "AggregateRating", "AggregateRating type");
        need((rating.ratingValue as number) >= 1 && (rating.ratingValue as number) <= 5, "ratingValue 1–5");
        need(Number.isInteger(rating.reviewCount) && (rating.reviewCount as number) > 0, "reviewCount");
        const reviews = (n.review as Node[]) ?? [];
        need(reviews.length > 0 && reviews.length <= 5, "1–5 reviews");
        for (const r of reviews) {
          need(r["@type"] === "Review" && (r.author as Node)?.["@type"] === "Person" && typeof (r.author as Node).name === "string", "review author");
          need(/^\d{4}-\d{2}-\d{2}$/.test(r.datePublished as string), "review date");
          const v = (r.reviewRating as Node)?.ratingValue as number;
          need(Number.isInteger(v) && v >= 1 && v <= 5, "review rating");
        }
      }
      break;
    }
    case "BreadcrumbList": {
      const items = n.itemListElement as Node[];
      need(Array.isArray(items) && items.length >= 2, "two items at least");
      items.forEach((item, i) => {
        need(item["@type"] === "ListItem" && item.position === i + 1, "positions 1…n");
        need(typeof item.name === "string" && absolute(item.item), "name and absolute item");
      });
      break;
    }
    case "Organization":
      need(typeof n.name === "string" && absolute(n.url) && absolute(n.logo), "name, url, logo");
      break;
    case "WebSite": {
      const action = n.potentialAction as Node;
      need(absolute(n.url) && typeof n.name === "string", "name and url");
      need(action?.["@type"] === "SearchAction", "SearchAction");
      need(
        String((action?.target as Node)?.urlTemplate).includes("{search_term_string}") && absolute((action?.target as Node)?.urlTemplate),
        "target template",
      );
      need(action?.["query-input"] === "required name=search_term_string", "query-input");
      break;
    }
    default:
      out.push(`unexpected type ${String(n["@type"])}`);
  }
  return out;
}

describe("JSON-LD", () => {
  const reviewed = catalogue.products.find((_, i) => demoReviewCount(i) === 42 && i > 0)!;
  const unreviewed = catalogue.products.find((_, i) => demoReviewCount(i) === 0 && i > 0)!;

  it("home: the Organization and the WebSite with its search, in the page's language", async () => {
    for (const [path, search] of [
      ["/", "/search"],
      ["/ru/", "/ru/search"],
    ]) {
      const nodes = ldOf((await html(path!)).body);
      expect(nodes.flatMap(problemsOf)).toEqual([]);
      expect(ofType(nodes, "Organization")).toHaveLength(1);
      const [site] = ofType(nodes, "WebSite");
      expect(((site!.potentialAction as Node).target as Node).urlTemplate).toBe(`${ORIGIN}${search}?q={search_term_string}`);
    }
  });

  it("a product: Product with its Offer and, with reviews, AggregateRating and reviews; its BreadcrumbList ends at it", async () => {
    for (const p of [reviewed, unreviewed]) {
      const nodes = ldOf((await html(`/ru/product/${p.slug}`)).body);
      expect(nodes.flatMap(problemsOf), p.slug).toEqual([]);
      const [product] = ofType(nodes, "Product");
      expect(Boolean(product!.aggregateRating), p.slug).toBe(p === reviewed);
      const crumbs = ofType(nodes, "BreadcrumbList")[0]!.itemListElement as Node[];
      expect(crumbs.at(-1)!.item).toBe(`${ORIGIN}/ru/product/${p.slug}`);
    }
  });

  it("a category: its BreadcrumbList from the catalogue down", async () => {
    const nodes = ldOf((await html("/store/women/footwear")).body);
    expect(nodes.flatMap(problemsOf)).toEqual([]);
    const crumbs = ofType(nodes, "BreadcrumbList")[0]!.itemListElement as Node[];
    expect(crumbs.map((c) => c.item)).toEqual([`${ORIGIN}/store`, `${ORIGIN}/store/women`, `${ORIGIN}/store/women/footwear`]);
  });
});
