import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cardSlugs, catalogue, html } from "./helpers";
import { ops, opsKey } from "./fixtures";

/** The catalogue comes in: POST /api/ops/catalogue. */

const color = catalogue.colors[0]!.slug;
const brand = catalogue.brands[0]!.slug;
const leaf = catalogue.categories.find((c) => c.depth === 2 && c.size_kind === "clothing")!;
let batches = 0;
const batchId = () => `test-batch-${++batches}-${crypto.randomUUID()}`;

/** A product of the import: its texts in three languages, prices, sizes with stock. */
const product = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  modelCode: slug.toUpperCase(),
  category: leaf.path,
  brand,
  color,
  firstPrice: 300_000,
  salePrice: 250_000,
  names: { uz: `Import ko'ylak ${slug}`, ru: `Импортная рубашка ${slug}`, uk: `Імпортна сорочка ${slug}` },
  descriptions: { uz: "Paxta.", ru: "Хлопок.", uk: "Бавовна." },
  skus: [
    { size: "S", stock: 5 },
    { size: "M", stock: 2 },
  ],
  ...extra,
});

const send = (key: string, body: unknown) => ops("/api/ops/catalogue?lang=ru", key, { body });
const stockOf = async (slug: string, size: string) =>
  (
    await env.DB.prepare("SELECT k.stock FROM skus k JOIN products p ON p.id = k.product_id WHERE p.slug = ? AND k.size = ?")
      .bind(slug, size)
      .first<{ stock: number }>()
  )?.stock;

describe("the catalogue import", () => {
  it("needs a key with catalogue:write", async () => {
    expect((await send("", { batchId: batchId() })).status).toBe(401);
    expect((await send(await opsKey(["orders:write"]), { batchId: batchId() })).status).toBe(403);
  });

  it("refuses a bad batch with 422 naming each item and field, and applies none of it", async () => {
    const key = await opsKey(["catalogue:write"]);
    const bad = await send(key, {
      batchId: batchId(),
      products: [
        product("import-bad-a", { salePrice: 400_000 }),
        product("import-bad-b", { names: { uz: "Nomi", ru: "Имя" }, skus: [{ size: "S", stock: -1 }, { size: "M" }] }),
      ],
    });
    expect(bad.status).toBe(422);
    const { errors } = (await bad.json()) as { errors: { field: string; message: string }[] };
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: "products[0].salePrice", message: "Цена продажи не может быть выше первой цены." },
        { field: "products[1].names.uk", message: "Нужен текст." },
        { field: "products[1].skus[0].stock", message: "Остаток — целое число (stock от 0)." },
        { field: "products[1].skus[1].stock", message: "Укажите stock или stockDelta, одно из двух." },
      ]),
    );
    const unknown = await send(key, { batchId: batchId(), products: [product("import-bad-c", { color: "no-such-colour", category: "nowhere/at-all" })] });
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { errors: unknown[] }).errors).toEqual([
      { field: "products[0].category", message: "Неизвестно: nowhere/at-all." },
      { field: "products[0].color", message: "Неизвестно: no-such-colour." },
    ]);
    const products = await env.DB.prepare("SELECT COUNT(*) AS n FROM products WHERE slug LIKE 'import-bad-%'").first<{ n: number }>();
    expect(products!.n).toBe(0);
  });

  it("brings in a brand, a category and a product in three languages with pictures and sizes; the shop shows it and search finds it", async () => {
    const key = await opsKey(["catalogue:write"]);
    const res = await send(key, {
      batchId: batchId(),
      brands: [{ slug: "zarafshon-atelier", name: "Zarafshon Atelier" }],
      categories: [{ path: `${leaf.path}/linen`, sizeKind: "clothing", names: { uz: "Zig'ir", ru: "Лён", uk: "Льон" } }],
      products: [
        product("import-linen-shirt", {
          brand: "zarafshon-atelier",
          category: `${leaf.path}/linen`,
          names: { uz: "Qovunrang zig'ir ko'ylak", ru: "Льняная рубашка Кавун", uk: "Лляна сорочка Кавун" },
          images: [{ url: "/img/tshirt/black/1.svg", width: 600, height: 800 }],
        }),
      ],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      applied: true,
      counts: { brands: 1, categories: 1, products: 1, skus: 2 },
      visibleWithinSeconds: 60,
    });
    const page = await html("/ru/product/import-linen-shirt");
    expect(page.res.status).toBe(200);
    expect(page.body).toContain("Льняная рубашка Кавун");
    expect(page.body).toContain("Zarafshon Atelier");
    expect((await html("/uk/product/import-linen-shirt")).body).toContain("Лляна сорочка Кавун");
    for (const q of ["Кавун", "Zarafshon", "qovunrang"])
      expect(cardSlugs((await html(`/ru/search?q=${encodeURIComponent(q)}`)).body), q).toContain("import-linen-shirt");
    expect(cardSlugs((await html(`/ru/store/${leaf.path}/linen`)).body)).toEqual(["import-linen-shirt"]);
  });

  it("is idempotent: the same batch again changes nothing, deltas included; a price change shows on the product page", async () => {
    const key = await opsKey(["catalogue:write"]);
    const first = { batchId: batchId(), products: [product("import-idem")] };
    expect((await send(key, first)).status).toBe(200);
    const moved = { batchId: batchId(), products: [product("import-idem", { salePrice: 199_000, skus: [{ size: "S", stockDelta: -2 }] })] };
    expect(await (await send(key, moved)).json()).toMatchObject({ applied: true });
    expect(await (await send(key, moved)).json()).toMatchObject({ success: true, applied: false });
    expect(await stockOf("import-idem", "S")).toBe(3);
    expect(await stockOf("import-idem", "M")).toBe(2);
    expect((await html("/ru/product/import-idem")).body).toContain("199 000");
    // A price change alone, for a product the shop has.
    const priced = await send(key, { batchId: batchId(), prices: [{ slug: "import-idem", firstPrice: 320_000, salePrice: 289_000 }] });
    expect(priced.status).toBe(200);
    const row = await env.DB.prepare("SELECT first_price AS f, sale_price AS s FROM products WHERE slug = 'import-idem'").first();
    expect(row).toEqual({ f: 320_000, s: 289_000 });
    const unknown = await send(key, { batchId: batchId(), prices: [{ slug: "no-such-product", firstPrice: 1, salePrice: 1 }] });
    expect(await unknown.json()).toMatchObject({ errors: [{ field: "prices[0].slug", message: "Неизвестно: no-such-product." }] });
  });

  it("takes a product's receipt codes and VAT rate, updates them on a re-import, and refuses malformed ones", async () => {
    const key = await opsKey(["catalogue:write"]);
    const codesOf = (slug: string) =>
      env.DB.prepare("SELECT ikpu, package_code AS packageCode, vat_percent AS vatPercent FROM products WHERE slug = ?").bind(slug).first();
    const coded = { ikpu: "06205002001000000", packageCode: "1501134", vatPercent: 0 };
    expect((await send(key, { batchId: batchId(), products: [product("import-codes", coded), product("import-no-codes")] })).status).toBe(200);
    expect(await codesOf("import-codes")).toEqual(coded);
    // Left out: no codes, the general VAT rate.
    expect(await codesOf("import-no-codes")).toEqual({ ikpu: null, packageCode: null, vatPercent: 12 });
    // A re-import writes them as it writes the other fields.
    const recoded = { ikpu: "06109001001000000", packageCode: "1498019", vatPercent: 12 };
    expect((await send(key, { batchId: batchId(), products: [product("import-codes", recoded), product("import-no-codes", coded)] })).status).toBe(200);
    expect(await codesOf("import-codes")).toEqual(recoded);
    expect(await codesOf("import-no-codes")).toEqual(coded);

    const bad = await send(key, {
      batchId: batchId(),
      products: [
        product("import-bad-codes-a", { ikpu: "0610900100100000" }),
        product("import-bad-codes-b", { ikpu: "06109OO1001000000", packageCode: "15-01134" }),
        product("import-bad-codes-c", { ikpu: 6109001001000000, packageCode: "123456789012345678901", vatPercent: 12.5 }),
        product("import-bad-codes-d", { packageCode: "", vatPercent: 101 }),
      ],
    });
    expect(bad.status).toBe(422);
    const { errors } = (await bad.json()) as { errors: { field: string; message: string }[] };
    const ikpu = "ИКПУ (МХИК) — строка ровно из 17 цифр.";
    const packageCode = "Код упаковки — строка из 1–20 цифр.";
    const vat = "НДС — целое число процентов от 0 до 100.";
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: "products[0].ikpu", message: ikpu },
        { field: "products[1].ikpu", message: ikpu },
        { field: "products[1].packageCode", message: packageCode },
        { field: "products[2].ikpu", message: ikpu },
        { field: "products[2].packageCode", message: packageCode },
        { field: "products[2].vatPercent", message: vat },
        { field: "products[3].packageCode", message: packageCode },
        { field: "products[3].vatPercent", message: vat },
      ]),
    );
    // In the caller's language.
    const uz = await ops("/api/ops/catalogue?lang=uz", key, { body: { batchId: batchId(), products: [product("import-bad-codes-e", { ikpu: "123" })] } });
    expect(uz.status).toBe(422);
    expect(await uz.json()).toMatchObject({ errors: [{ field: "products[0].ikpu", message: "MXIK (IKPU) roppa-rosa 17 ta raqamli satr bo'lsin." }] });
    const refused = await env.DB.prepare("SELECT COUNT(*) AS n FROM products WHERE slug LIKE 'import-bad-codes-%'").first<{ n: number }>();
    expect(refused!.n).toBe(0);
  });

  it("stock deltas race as orders do: five parallel -1s on a stock of 3 leave 0, the other two are 409 naming the size, nothing oversold", async () => {
    const key = await opsKey(["catalogue:write"]);
    await send(key, { batchId: batchId(), products: [product("import-race", { skus: [{ size: "S", stock: 3 }] })] });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send(key, { batchId: batchId(), products: [product("import-race", { skus: [{ size: "S", stockDelta: -1 }] })] })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 409, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(await refused.json()).toMatchObject({
      errors: [{ field: "products[0].skus[0].stockDelta", message: "Остаток ушёл бы ниже нуля: пакет не применён." }],
    });
    expect(await stockOf("import-race", "S")).toBe(0);
  });

  it("takes a batch of 1000 sizes in one call (over the other calls' 64 kB), within the Worker's limits", async () => {
    const key = await opsKey(["catalogue:write"]);
    const products = Array.from({ length: 100 }, (_, i) =>
      product(`import-bulk-${i}`, {
        descriptions: {
          uz: "Paxtadan tikilgan yengil ko'ylak. ".repeat(4),
          ru: "Лёгкая рубашка из хлопка. ".repeat(4),
          uk: "Легка сорочка з бавовни. ".repeat(4),
        },
        skus: ["XS", "S", "M", "L", "XL", "XXL", "3XL", "38", "40", "42"].map((size, j) => ({ size, stock: i + j })),
      }),
    );
    const body = JSON.stringify({ batchId: batchId(), products });
    expect(body.length).toBeGreaterThan(64 * 1024);
    const started = Date.now();
    const res = await send(key, JSON.parse(body));
    const took = Date.now() - started;
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { counts: { skus: number; products: number; searchRefreshed: number }; ms: number };
    expect(answer.counts).toMatchObject({ products: 100, skus: 1000, searchRefreshed: 100 });
    console.info(`1000-sku import: ${body.length} bytes, the batch ${answer.ms} ms, the call ${took} ms`);
    expect(took).toBeLessThan(15_000);
    expect(await stockOf("import-bulk-99", "42")).toBe(108);
    const tooLarge = await ops("/api/ops/catalogue", key, { body: { batchId: batchId(), pad: "x".repeat(4 * 1024 * 1024) } });
    expect(tooLarge.status).toBe(413);
  });
});
