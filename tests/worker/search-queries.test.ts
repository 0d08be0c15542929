import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { refreshSearchTerms, suggestProducts } from "~/search/index.server";
import { searchTokens } from "~/search/fold";
import { matchExpression, queryWords } from "~/search/query-words.server";
import { productSearchColumns } from "~/search/terms.server";
import { catalogueStatements, generateCatalogue, type Catalogue } from "../../workers/seed/catalogue";
import { cardSlugs, decode, html, PAGE_SIZE, resultCount, tags, testText } from "./helpers";

/**
 * Queries as shoppers in Uzbekistan type them, each held to what its plain spelling finds.
 * The file's database gets products 41–160 of the demo catalogue on top of the usual 40
 * (the catalogue of n products is the first n of any larger one), so every kind of product
 * (kids' clothes, bags, jackets) is there.
 */
const big = generateCatalogue({ products: 160 });
const searchable = big.products;

beforeAll(async () => {
  const more = (id: number) => id > 40;
  const rows: Catalogue = {
    categories: [],
    brands: [],
    colors: [],
    products: big.products.filter((p) => more(p.id)),
    product_translations: big.product_translations.filter((t) => more(t.product_id)),
    skus: big.skus.filter((s) => more(s.product_id)),
    images: big.images.filter((i) => more(i.product_id)),
  };
  await env.DB.batch(catalogueStatements(rows).map((sql) => env.DB.prepare(sql)));
});

type Found = { slugs: string[]; corrected: string | null; body: string };

/** Every product a search page finds (all its pages), and the correction it shows, if any. */
async function found(q: string, prefix = "", extra = ""): Promise<Found> {
  const url = (page: number) =>
    `${prefix}/search?${[q ? `q=${encodeURIComponent(q)}` : "", extra.replace(/^&/, ""), page > 1 ? `page=${page}` : ""].filter(Boolean).join("&")}`;
  const first = await html(url(1));
  expect(first.res.status, q).toBe(200);
  const corrected = testText(first.body, "search-corrected");
  if (first.body.includes('data-testid="no-results"')) return { slugs: [], corrected, body: first.body };
  const slugs = cardSlugs(first.body);
  const pages = Math.ceil(resultCount(first.body) / PAGE_SIZE);
  for (let page = 2; page <= pages; page++) slugs.push(...cardSlugs((await html(url(page))).body));
  expect(slugs.length, q).toBe(resultCount(first.body));
  return { slugs: slugs.sort(), corrected, body: first.body };
}

const PREFIX = { uz: "", ru: "/ru", uk: "/uk" } as const;
type Lang = keyof typeof PREFIX;

/** [page language, what the shopper types, the plain spelling it means]: the first finds what the second finds. */
const CASES: readonly [Lang, string, string][] = [
  // Uzbek in Cyrillic
  ["uz", "кийим", "kiyim"],
  ["uz", "пойабзал", "poyabzal"],
  ["uz", "аёллар", "ayollar"],
  ["uz", "эркаклар", "erkaklar"],
  ["uz", "болалар", "bolalar"],
  ["uz", "кўйлак", "ko'ylak"],
  ["uz", "курткалар", "kurtkalar"],
  ["uz", "жинси шим", "jinsi shim"],
  ["uz", "худилар", "xudilar"],
  ["uz", "қулай", "qulay"],
  ["uz", "енгил", "yengil"],
  ["uz", "қора", "qora"],
  ["ru", "сумкалар", "sumkalar"],
  // Uzbek word forms
  ["uz", "krossovkalar", "krossovka"],
  ["uz", "kurtkalarni", "kurtka"],
  ["uz", "yubkalar", "yubka"],
  ["uz", "ko'ylaklar", "ko'ylak"],
  ["uz", "ayollarga", "ayollar"],
  ["uz", "bolalarning", "bolalar"],
  ["uz", "sumkasi", "sumka"],
  ["uz", "kepkalar", "kepka"],
  ["uz", "futbolkalari", "futbolka"],
  // Russian word forms
  ["ru", "кроссовка", "кроссовки"],
  ["ru", "кроссовку", "кроссовки"],
  ["ru", "кроссовок", "кроссовки"],
  ["ru", "кроссовкам", "кроссовки"],
  ["ru", "куртку", "куртка"],
  ["ru", "юбки", "юбка"],
  ["ru", "платья", "платье"],
  ["ru", "джинсов", "джинсы"],
  ["ru", "ботинок", "ботинки"],
  // Ukrainian word forms
  ["uk", "кросівка", "кросівки"],
  ["uk", "кросівок", "кросівки"],
  ["uk", "сукні", "сукня"],
  ["uk", "спідницю", "спідниця"],
  ["uk", "черевик", "черевики"],
  // One typo
  ["uz", "krosovka", "krossovka"],
  ["ru", "кросовки", "кроссовки"],
  ["uz", "futbolks", "futbolka"],
  ["uz", "kurtaka", "kurtka"],
  ["uz", "yubak", "yubka"],
  ["ru", "рюкзк", "рюкзак"],
  // Two typos in a long word; a letter that sounds like another
  ["ru", "красовки", "кроссовки"],
  ["ru", "батинкы", "ботинки"],
  ["ru", "юпка", "юбка"],
  ["ru", "плотье", "платье"],
  ["uk", "кросивкы", "кросівки"],
  ["uk", "спидныця", "спідниця"],
  ["uz", "krasovka", "krossovka"],
  ["uz", "futbalkka", "futbolka"],
  // A typo on top of the wrong keyboard layout
  ["ru", "rhjcjdrb", "кроссовки"],
  ["ru", "rehnrt", "куртка"],
  // The wrong keyboard layout
  ["ru", "rhjccjdrb", "кроссовки"],
  ["ru", "rehnrf", "куртка"],
  ["ru", "gkfnmt", "платье"],
  ["uk", "rhjcsdrb", "кросівки"],
  ["uz", "лкщыыщмлф", "krossovka"],
  // Another language's word on the page
  ["ru", "krossovka", "кроссовки"],
  ["uz", "кроссовки", "krossovka"],
  ["ru", "сукня", "платье"],
  ["uk", "yubka", "спідниця"],
  // Two words
  ["uz", "bolalar kiyimi", "bolalar kiyim"],
  ["uz", "болалар кийими", "bolalar kiyim"],
  ["uz", "ayollar poyabzali", "ayollar poyabzal"],
  ["ru", "одежду детям", "одежда детям"],
  // Case and diacritics
  ["uz", "KROSSOVKA", "krossovka"],
  ["uz", "krossóvka", "krossovka"],
  ["ru", "КРОССОВКИ", "кроссовки"],
  // A word in two scripts
  ["uz", "kr\u043essovka", "krossovka"],
  ["ru", "кроссо\u0076ки", "кроссовки"],
];

describe("search as shoppers type", () => {
  for (const [lang, typed, plain] of CASES) {
    it(`${lang}: «${typed}» finds what «${plain}» finds`, async () => {
      const want = await found(plain, PREFIX[lang]);
      expect(want.slugs.length, plain).toBeGreaterThan(0);
      expect(want.corrected, plain).toBeNull();
      const got = await found(typed, PREFIX[lang]);
      expect(got.slugs, typed).toEqual(want.slugs);
    });
  }

  it("plain spellings find at least what the substring search found", async () => {
    for (const q of [
      "krossovka",
      "кроссовки",
      "кросівки",
      "Samarqand",
      "aral ko'ylak",
      "ayollar",
      "jinsi",
      "shim",
      "xudi",
      "sumka",
      "туфли",
      "qora",
      "chimgan outdoor",
    ]) {
      const tokens = searchTokens(q);
      const before = searchable.filter((p) => tokens.every((t) => p.search_text.includes(t))).map((p) => p.slug);
      expect(before.length, q).toBeGreaterThan(0);
      const now = await found(q);
      expect(now.slugs, q).toEqual(expect.arrayContaining(before));
      expect(now.corrected, q).toBeNull();
    }
  });

  it("ranks products named so before those that only mention the word", async () => {
    // "qulay" (comfortable) is in some names and in the description "Har kuni kiyish uchun qulay model."
    const named = new Set(searchable.filter((p) => p.search_name.split(" ").includes("qulay")).map((p) => p.slug));
    const all = await found("qulay");
    expect(named.size).toBeGreaterThan(0);
    expect(all.slugs.length).toBeGreaterThan(named.size);
    const { body } = await html("/search?q=qulay");
    const order = cardSlugs(body);
    const firstOther = order.findIndex((s) => !named.has(s));
    expect(firstOther).toBe(Math.min(named.size, PAGE_SIZE));
    // A chosen sort is the order.
    const byPrice = cardSlugs((await html("/search?q=qulay&sort=price_asc")).body);
    const price = (slug: string) => searchable.find((p) => p.slug === slug)!.sale_price || Number.MAX_SAFE_INTEGER;
    expect(byPrice.map(price)).toEqual(byPrice.map(price).sort((a, b) => a - b));
  });

  it("says what it searched instead, with a link to exactly what was typed", async () => {
    const typo = await found("krosovka");
    expect(typo.corrected).toContain("«krossovka»");
    const link = tags(typo.body, "a").find((a) => decode(a.href ?? "").includes("exact=1"));
    expect(decode(link!.href!)).toBe("/search?q=krosovka&exact=1");
    const exact = await found("krosovka", "", "&exact=1");
    expect(exact.slugs).toEqual([]);
    expect(exact.corrected).toBeNull();

    const layout = await found("rhjccjdrb", "/ru");
    expect(layout.corrected).toContain("«кроссовки»");
    expect(decode(tags(layout.body, "a").find((a) => (a.href ?? "").includes("exact=1"))!.href!)).toBe("/ru/search?q=rhjccjdrb&exact=1");
    // The words found as typed are never "corrected".
    for (const q of ["кроссовки", "кийим", "krossovkalar"]) expect((await found(q)).corrected, q).toBeNull();
  });

  it("keeps the filters and the exact choice through the filters form", async () => {
    const { res, body } = await html("/search?q=krosovka&exact=1&color=black");
    expect(res.status).toBe(200);
    const hidden = tags(body, "input").filter((i) => i.type === "hidden");
    expect(hidden.find((i) => i.name === "exact")?.value).toBe("1");
    // "exact" has its place in the clean URL: another order redirects there.
    const moved = await html("/search?exact=1&q=krosovka");
    expect(moved.res.status).toBe(301);
    expect(moved.res.headers.get("location")).toBe("/search?q=krosovka&exact=1");
  });

  it("corrects with the filters applied and pages the corrected results", async () => {
    const plain = await found("krossovka", "", "&color=black");
    const typo = await found("krosovka", "", "&color=black");
    expect(typo.slugs).toEqual(plain.slugs);
  });

  it("the index follows the products: a new product, a renamed one, a removed one", async () => {
    const base = big.products[0]!;
    const id = 9001;
    const columns = productSearchColumns({ names: ["Zumrad Qalpoq do'ppi", "Тюбетейка Zumrad"], categories: ["Bosh kiyimlar"], other: ["Yashil"] });
    await env.DB.prepare(
      `INSERT INTO products (id, slug, model_code, category_id, brand_id, color_id, first_price, sale_price, created_at, shape, search_name, search_category, search_rest)
       VALUES (?, 'zumrad-doppi-9001', 'ZUM-1', ?, ?, ?, 100000, 100000, 0, 'cap', ?, ?, ?)`,
    )
      .bind(id, base.category_id, base.brand_id, base.color_id, columns.search_name, columns.search_category, columns.search_rest)
      .run();
    const hits = async (q: string) =>
      (
        await env.DB.prepare("SELECT rowid FROM product_search WHERE product_search MATCH ?")
          .bind(matchExpression(queryWords(q)))
          .all()
      ).results.length;
    expect(await hits("doppi")).toBe(1);
    expect(await hits("тюбетейка")).toBe(1);
    const renamed = productSearchColumns({ names: ["Zumrad Qalpoq kepka"], categories: ["Bosh kiyimlar"], other: ["Yashil"] });
    await env.DB.prepare("UPDATE products SET search_name = ? WHERE id = ?").bind(renamed.search_name, id).run();
    expect(await hits("doppi")).toBe(0);
    expect(await hits("qalpoq")).toBe(1);
    await env.DB.prepare("DELETE FROM products WHERE id = ?").bind(id).run();
    expect(await hits("qalpoq")).toBe(0);
    // The vocabulary (what typos are corrected to) follows too.
    expect(await env.DB.prepare("SELECT term FROM product_search_vocab WHERE term = 'qalpoq'").first()).toBeNull();
  });

  it("suggests products for a word still being typed, in the page's language", async () => {
    const started = await suggestProducts(env.DB, "ru", "кросс", 5);
    expect(started.length).toBe(5);
    for (const s of started) expect(s.name.toLowerCase()).toContain("кроссовки");
    const uz = await suggestProducts(env.DB, "uz", "болалар кий", 8);
    expect(uz.length).toBeGreaterThan(0);
    const kids = new Set((await found("bolalar kiyim")).slugs);
    for (const s of uz) expect(kids.has(s.slug), s.slug).toBe(true);
    // The wrong layout too; popular first.
    const layout = await suggestProducts(env.DB, "ru", "rehnr", 8);
    expect(layout.length).toBeGreaterThan(0);
    for (const s of layout) expect(s.name.toLowerCase()).toContain("куртка");
    expect(await suggestProducts(env.DB, "uz", "a", 8)).toEqual([]);
    expect(await suggestProducts(env.DB, "uz", "qwxzjvbn", 8)).toEqual([]);
  });

  it("refreshSearchTerms writes the columns from what D1 holds: a backfill, a renamed brand", async () => {
    const ids = [41, 42, 43];
    const seeded = big.products.filter((p) => ids.includes(p.id));
    const terms = (s: string) => new Set(s.split(" "));
    await env.DB.prepare("UPDATE products SET search_name = '', search_category = '', search_rest = '' WHERE id IN (41, 42, 43)").run();
    const slug = seeded[0]!.slug;
    // A word of its name, not its brand's (a brand's name is read as the brand's filter, which needs no index).
    const brandWords = new Set(
      big.brands
        .find((b) => b.id === seeded[0]!.brand_id)!
        .name.toLowerCase()
        .split(" "),
    );
    const q = seeded[0]!.search_name.split(" ").find((t) => !brandWords.has(t) && t.length > 3)!;
    expect((await found(q)).slugs).not.toContain(slug);
    expect(await refreshSearchTerms(env.DB, ids)).toBe(3);
    for (const p of seeded) {
      const row = await env.DB.prepare("SELECT search_name, search_category, search_rest FROM products WHERE id = ?")
        .bind(p.id)
        .first<Record<string, string>>();
      expect(terms(row!.search_name)).toEqual(terms(p.search_name));
      expect(terms(row!.search_category)).toEqual(terms(p.search_category));
      expect(terms(row!.search_rest)).toEqual(terms(p.search_rest));
    }
    expect((await found(q)).slugs).toContain(slug);
    // A renamed brand: its products are found by the new name once refreshed.
    const brand = big.brands.find((b) => b.id === seeded[0]!.brand_id)!;
    const ofBrand = big.products
      .filter((p) => p.brand_id === brand.id)
      .map((p) => p.slug)
      .sort();
    await env.DB.prepare("UPDATE brands SET name = 'Quvasoy Atelye' WHERE id = ?").bind(brand.id).run();
    const before = await found("quvasoy", "", "&exact=1");
    expect(before.slugs, String(before.corrected)).toEqual([]);
    expect(await refreshSearchTerms(env.DB)).toBe(searchable.length);
    const renamed = await found("қувасой");
    expect(renamed.slugs).toEqual(ofBrand);
    expect(renamed.corrected).toBeNull();
    await env.DB.prepare("UPDATE brands SET name = ? WHERE id = ?").bind(brand.name, brand.id).run();
    await refreshSearchTerms(env.DB);
    expect((await found(brand.name)).slugs).toEqual(ofBrand);
  });
});

// ——— The second wave: what the words name, and words from elsewhere ———

const departmentOf = (slug: string) => {
  const p = searchable.find((x) => x.slug === slug)!;
  return big.categories.find((c) => c.id === p.category_id)!.path.split("/")[0]!;
};
const colourOf = (slug: string) => {
  const p = searchable.find((x) => x.slug === slug)!;
  return big.colors.find((c) => c.id === p.color_id)!.slug;
};

/** [page language, what the shopper types, the department it names, the words left]. */
const AUDIENCES: readonly [Lang, string, "women" | "men" | "kids", string][] = [
  ["ru", "женские кроссовки", "women", "кроссовки"],
  ["ru", "женская сумка", "women", "сумка"],
  ["ru", "мужские туфли", "men", "туфли"],
  ["ru", "мужская куртка", "men", "куртка"],
  ["ru", "мужских кроссовок", "men", "кроссовок"],
  ["ru", "детское худи", "kids", "худи"],
  ["ru", "худи для девочек", "kids", "худи"],
  ["ru", "футболка для мальчика", "kids", "футболка"],
  ["uz", "erkaklar uchun krossovka", "men", "krossovka"],
  ["uz", "ayollar ko'ylagi", "women", "ko'ylagi"],
  ["uz", "qizlar uchun xudi", "kids", "xudi"],
  ["uz", "аёллар сумкаси", "women", "сумкаси"],
  ["uk", "жіночі кросівки", "women", "кросівки"],
  ["uk", "чоловічі черевики", "men", "черевики"],
  ["uk", "дитячі худі", "kids", "худі"],
  ["ru", "women sneakers", "women", "sneakers"],
];

/** [page language, what the shopper types, the colour it names, the words left]. */
const COLOURS: readonly [Lang, string, string, string][] = [
  ["uz", "qizil ko'ylak", "red", "ko'ylak"],
  ["uz", "қизил кўйлак", "red", "кўйлак"],
  ["uz", "qora sumka", "black", "sumka"],
  ["uz", "oq ko'ylak", "white", "ko'ylak"],
  ["ru", "белая футболка", "white", "футболка"],
  ["ru", "черные кроссовки", "black", "кроссовки"],
  ["ru", "чёрная сумка", "black", "сумка"],
  ["ru", "красное платье", "red", "платье"],
  ["uk", "чорна сумка", "black", "сумка"],
  ["uk", "біла сукня", "white", "сукня"],
  ["ru", "black sneakers", "black", "sneakers"],
];

describe("search reads who it is for and its colour", () => {
  for (const [lang, typed, dept, rest] of AUDIENCES) {
    it(`${lang}: «${typed}» is ${dept}'s «${rest}», the department as a chip`, async () => {
      const want = await found(rest, PREFIX[lang], `&dept=${dept}`);
      expect(want.slugs.length, `${rest} in ${dept}`).toBeGreaterThan(0);
      const got = await found(typed, PREFIX[lang]);
      expect(got.slugs, typed).toEqual(want.slugs);
      for (const slug of got.slugs) expect(departmentOf(slug), slug).toBe(dept);
      // The department's chip takes it away: the words left, in every department.
      const chips = tags(chipsOf(got.body) ?? "", "a");
      const away = chips.find((a) => !decode(a.href ?? "").includes("dept="));
      expect(away, "the department's chip").toBeDefined();
      expect(decode(away!.href!)).toBe(`${PREFIX[lang]}/search?q=${encodeURIComponent(wordsOfTyped(rest)).replace(/%20/g, "+")}`);
    });
  }

  it("a department alone lists it, every form of its adjective alike; an audience word never leaves nothing", async () => {
    const kids = await found("для девочек", "/ru");
    expect(kids.slugs.length).toBe(searchable.filter((p) => departmentOf(p.slug) === "kids").length);
    for (const form of ["мужской", "мужская", "мужское", "мужские", "мужских", "мужскую"]) {
      const men = await found(`${form} куртка`, "/ru");
      expect(men.slugs.length, form).toBeGreaterThan(0);
      for (const slug of men.slugs) expect(departmentOf(slug), form).toBe("men");
    }
    // Nothing of the kind in the department: the words alone, in every department, rather than nothing.
    const anywhere = await found("сапоги", "/ru");
    const absent = (["men", "kids"] as const).find((d) => !anywhere.slugs.some((s) => departmentOf(s) === d))!;
    expect(absent, "a department without сапоги").toBeDefined();
    const word = absent === "men" ? "мужские" : "детские";
    expect((await found(`${word} сапоги`, "/ru")).slugs).toEqual(anywhere.slugs);
  });

  for (const [lang, typed, colour, rest] of COLOURS) {
    it(`${lang}: «${typed}» is «${rest}» in ${colour}, the colour as a chip`, async () => {
      const want = await found(rest, PREFIX[lang], `&color=${colour}`);
      expect(want.slugs.length, `${rest} in ${colour}`).toBeGreaterThan(0);
      const got = await found(typed, PREFIX[lang]);
      expect(got.slugs, typed).toEqual(want.slugs);
      for (const slug of got.slugs) expect(colourOf(slug), slug).toBe(colour);
      expect(tags(chipsOf(got.body) ?? "", "a").length, "the colour's chip").toBe(1);
      // The filters' form keeps the colour ticked and the words left.
      const inputs = tags(got.body, "input");
      expect(
        inputs.find((i) => i.name === "color" && i.value === colour && "checked" in i),
        "ticked",
      ).toBeDefined();
    });
  }

  it("the box's suggestions read the words the same way", async () => {
    const women = await suggestProducts(env.DB, "ru", "женские кроссовки", 8);
    expect(women.length).toBeGreaterThan(0);
    for (const s of women) expect(departmentOf(s.slug), s.slug).toBe("women");
    const white = await suggestProducts(env.DB, "ru", "белая футб", 8);
    expect(white.length).toBeGreaterThan(0);
    for (const s of white) expect(colourOf(s.slug), s.slug).toBe("white");
    const red = await suggestProducts(env.DB, "uz", "qizil ko'yl", 8);
    for (const s of red) expect(colourOf(s.slug), s.slug).toBe("red");
  });

  for (const [lang, typed, filters, rest] of [
    ["uz", "krossovka 42", "&size=42", "krossovka"],
    ["ru", "кроссовки 38", "&size=38", "кроссовки"],
    ["ru", "футболка xl", "&size=XL", "футболка"],
    ["uz", "regstan", "&brand=registan", ""],
    ["uz", "регистан", "&brand=registan", ""],
    ["ru", "регстан", "&brand=registan", ""],
    ["uz", "chimgan outdor krossovka", "&brand=chimgan-outdoor", "krossovka"],
    ["uz", "nomad krossovka", "&brand=nomad", "krossovka"],
    ["ru", "номад кроссовки", "&brand=nomad", "кроссовки"],
  ] as const) {
    it(`${lang}: «${typed}» reads a size or a brand as its filter`, async () => {
      const want = await found(rest, PREFIX[lang], filters);
      expect(want.slugs.length, `${rest}${filters}`).toBeGreaterThan(0);
      const got = await found(typed, PREFIX[lang]);
      expect(got.slugs, typed).toEqual(want.slugs);
      expect(tags(chipsOf(got.body) ?? "", "a").length, "its chip").toBe(1);
    });
  }

  it("exactly what was typed reads nothing", async () => {
    const exact = await html(`/ru/search?q=${encodeURIComponent("белая футболка")}&exact=1`);
    expect(chipsOf(exact.body)).toBeNull();
  });
});

/** [page language, what the shopper types, the shop's word it means]: the first finds at least what the second finds. */
const ELSEWHERE: readonly [Lang, string, string][] = [
  // English
  ["uz", "hoodie", "xudi"],
  ["ru", "hoodie", "худи"],
  ["ru", "sneakers", "кроссовки"],
  ["uk", "sneakers", "кросівки"],
  ["uz", "jeans", "jinsi"],
  ["ru", "bag", "сумка"],
  ["ru", "dress", "платье"],
  ["uz", "t-shirt", "futbolka"],
  ["ru", "backpack", "рюкзак"],
  // Russian in Latin letters
  ["ru", "bryuki", "брюки"],
  ["ru", "dzhinsy", "джинсы"],
  ["ru", "djinsy", "джинсы"],
  ["ru", "plate", "платье"],
  ["ru", "sapogi", "сапоги"],
  ["ru", "botinki", "ботинки"],
  ["ru", "sandalii", "сандалии"],
  ["uz", "khudi", "худи"],
  // Uzbek Cyrillic typed on a Russian keyboard
  ["uz", "кизил", "qizil"],
  ["uz", "кора", "qora"],
  ["uz", "куйлак", "ko'ylak"],
  ["uz", "кулай", "qulay"],
  ["uz", "угил", "o'g'il"],
];

describe("search reads words from elsewhere", () => {
  for (const [lang, typed, plain] of ELSEWHERE) {
    it(`${lang}: «${typed}» finds what «${plain}» finds`, async () => {
      const want = await found(plain, PREFIX[lang]);
      expect(want.slugs.length, plain).toBeGreaterThan(0);
      const got = await found(typed, PREFIX[lang]);
      expect(got.slugs, typed).toEqual(expect.arrayContaining(want.slugs));
      expect(got.corrected, typed).toBeNull();
      // The box suggests from them too.
      expect((await suggestProducts(env.DB, lang, typed, 8)).length, `${typed} suggested`).toBeGreaterThan(0);
    });
  }
});

/** A query's words as the reading leaves them: folded, as a query string writes them. */
function wordsOfTyped(rest: string): string {
  return rest
    .toLowerCase()
    .replace(/[''ʻʼ`]/g, "")
    .split(/\s+/)
    .join(" ");
}

/** The active filters' chips (their list's HTML), or null when none are shown. */
function chipsOf(body: string): string | null {
  const at = body.indexOf('data-testid="active-filters"');
  return at < 0 ? null : body.slice(at, body.indexOf("</ul>", at));
}
