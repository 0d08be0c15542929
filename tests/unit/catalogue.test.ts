import { describe, expect, it } from "vitest";
import { sortSizes } from "~/catalogue/sizes";
import { jsonForScript } from "~/catalogue/json-ld";
import { isFiltered, MAX_PAGE, parseCatalogueQuery } from "~/catalogue/schema";
import { foldForSearch, searchTokens } from "~/search/fold";
import { pageHref, pageWindow } from "~/ui/pagination";

const parse = (qs: string) => parseCatalogueQuery(new URLSearchParams(qs));

describe("parseCatalogueQuery", () => {
  it("reads filters, sort and page", () => {
    const q = parse("brand=urban-step&brand=lola&size=M&size=42&color=black&price_min=100000&price_max=500000&sale=1&club=1&sort=price_asc&page=3");
    expect(q).toEqual({
      q: "",
      brand: ["urban-step", "lola"],
      size: ["M", "42"],
      color: ["black"],
      price_min: 100000,
      price_max: 500000,
      sale: "1",
      club: "1",
      sort: "price_asc",
      page: 3,
    });
    expect(isFiltered(q)).toBe(true);
  });

  it("falls back to no filter for every malformed value instead of failing", () => {
    const q = parse("page=-1&price_min=1e99&price_max=abc&sort=cheapest&sale=yes&club=2&brand=%3Cscript%3E&brand=ok-brand&size=%00&color=");
    expect(q.page).toBe(1);
    expect(q.price_min).toBeUndefined();
    expect(q.price_max).toBeUndefined();
    expect(q.sort).toBe("new");
    expect(q.sale).toBeUndefined();
    expect(q.club).toBeUndefined();
    expect(q.brand).toEqual(["ok-brand"]);
    expect(q.size).toEqual([]);
    expect(q.color).toEqual([]);
    expect(isFiltered(q)).toBe(true);
    expect(parse("page=abc").page).toBe(1);
    expect(parse("page=2.5").page).toBe(1);
    // A page number however large stays a page number (past the end: the route's 404), capped before SQL.
    expect(parse("page=100000").page).toBe(MAX_PAGE);
    expect(parse(`page=${"9".repeat(40)}`).page).toBe(MAX_PAGE);
    expect(parse("price_min=-5").price_min).toBeUndefined();
  });

  it("caps repeated values and long queries", () => {
    const many = Array.from({ length: 60 }, (_, i) => `brand=b${i}`).join("&");
    expect(parse(many).brand).toHaveLength(20);
    expect(parse(`brand=x&brand=x&brand=x`).brand).toEqual(["x"]);
    expect(parse(`q=${"a".repeat(300)}`).q).toHaveLength(100);
  });

  it("is not filtered when only page or q is set", () => {
    expect(isFiltered(parse("page=2"))).toBe(false);
    expect(isFiltered(parse("q=shoes"))).toBe(false);
  });
});

describe("search folding", () => {
  it("treats every Uzbek apostrophe variant (and none) alike, ignoring case", () => {
    const forms = ["O'zbek", "Oʻzbek", "Oʼzbek", "O‘zbek", "O’zbek", "O`zbek", "ozbek", "OZBEK"];
    for (const f of forms) expect(foldForSearch(f)).toBe("ozbek");
  });
  it("splits a query into at most six distinct words of two letters or more", () => {
    expect(searchTokens("  Qizil  ko‘ylak, a  QIZIL ")).toEqual(["qizil", "koylak"]);
    expect(searchTokens("a b c d e f g h i j k l m n o p").length).toBe(0);
    expect(searchTokens("aa bb cc dd ee ff gg hh")).toHaveLength(6);
  });
});

describe("sizes", () => {
  it("sorts letter sizes by scale, then numbers", () => {
    const sorted = sortSizes(["XL", "S", "42", "3XL", "XS", "36", "M", "104"], (s) => s);
    expect(sorted).toEqual(["XS", "S", "M", "XL", "3XL", "36", "42", "104"]);
  });
});

describe("pagination links", () => {
  it("keep the query and drop page=1", () => {
    expect(pageHref("/store", "?brand=a&page=3", 1)).toBe("/store?brand=a");
    expect(pageHref("/store", "?brand=a", 2)).toBe("/store?brand=a&page=2");
  });
  it("show the pages around the current one", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12)).toEqual([1, "gap", 4, 5, 6, 7, 8, "gap", 12]);
  });
});

describe("JSON-LD", () => {
  it("cannot close its script element", () => {
    const out = jsonForScript({ name: "</script><script>alert(1)</script>" });
    expect(out).not.toContain("</script>");
    expect(JSON.parse(out).name).toBe("</script><script>alert(1)</script>");
  });
});
