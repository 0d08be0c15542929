/**
 * Deterministic demo catalogue for the D1 schema in workers/migrations/0001_catalogue.sql.
 *
 * Pure TypeScript without Node or Workers APIs, so it runs in Node (workers/seed/demo.ts
 * writes a .sql file from it) and inside workerd (tests can seed D1 directly with
 * `catalogueStatements(generateCatalogue({ products: 40 }))`).
 *
 * Stability: every model (a group of 1–3 products that differ only in color) draws from
 * its own PRNG seeded by the model's index, and products, sizes and images get ids in
 * generation order. The catalogue for `{ products: n }` is therefore exactly the first n
 * products (with their sizes and images) of any larger catalogue, and FIXTURES hold for
 * every size from 40 products up.
 */
import { seededRandom } from "../../app/server/seeded-random.ts";
import { productSearchColumns } from "../../app/search/terms.server.ts";
import { searchText } from "./search-text.ts";

export { foldSearch, searchText } from "./search-text.ts";

// ---------------------------------------------------------------------------
// Row types: one field per table column, same names.

export type CategoryRow = {
  id: number;
  parent_id: number | null;
  slug: string;
  path: string;
  depth: number;
  position: number;
  size_kind: SizeKind;
  name_uz: string;
  name_ru: string;
  name_uk: string;
};

export type BrandRow = { id: number; slug: string; name: string };

export type ColorRow = { id: number; slug: string; hex: string; name_uz: string; name_ru: string; name_uk: string };

export type ProductRow = {
  id: number;
  slug: string;
  model_code: string;
  category_id: number;
  brand_id: number;
  color_id: number;
  vendor_id: number;
  first_price: number;
  sale_price: number;
  in_club: number;
  popularity: number;
  created_at: number;
  shape: Shape;
  search_text: string;
  /** The search index's terms (app/search/terms.server.ts): names and brand, category chain, colour and descriptions. */
  search_name: string;
  search_category: string;
  search_rest: string;
  /** What the fiscal receipt of an online payment names the product by: its MXIK (IKPU, 17 digits) and package code (RECEIPT_CODES). */
  ikpu: string | null;
  package_code: string | null;
  /** The VAT rate in percent. */
  vat_percent: number;
};

export type ProductTranslationRow = { product_id: number; lang: SeedLang; name: string; description: string };

export type SkuRow = { id: number; product_id: number; size: string; position: number; stock: number };

export type ImageRow = { id: number; product_id: number; position: number; url: string; width: number; height: number };

export type Catalogue = {
  categories: CategoryRow[];
  brands: BrandRow[];
  colors: ColorRow[];
  products: ProductRow[];
  product_translations: ProductTranslationRow[];
  skus: SkuRow[];
  images: ImageRow[];
};

export type SeedOptions = { products?: number };

export type SeedLang = "uz" | "ru" | "uk";
export const SEED_LANGS: readonly SeedLang[] = ["uz", "ru", "uk"];

/** size_kind values used by categories. Accessories are "one"; kids' footwear has its own EU 24–34 scale. */
export type SizeKind = "clothing" | "footwear" | "kids" | "kids-footwear" | "one";

export const SHAPES = ["dress", "tshirt", "trousers", "jacket", "shoe", "boot", "sneaker", "bag", "cap", "scarf", "skirt", "hoodie"] as const;
export type Shape = (typeof SHAPES)[number];

/** Size scales in display order; a product uses a contiguous run of its category's scale. */
export const SIZE_SCALES: Record<SizeKind, readonly string[]> = {
  clothing: ["XS", "S", "M", "L", "XL", "XXL", "3XL"],
  footwear: ["35", "36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46"],
  kids: ["92", "98", "104", "110", "116", "122", "128", "134", "140"],
  "kids-footwear": ["24", "25", "26", "27", "28", "29", "30", "31", "32", "33", "34"],
  one: ["ONE"],
};

export const DEFAULT_PRODUCTS = 320;
/** The demo photos' size (scripts/demo-photos.mjs draws them into the local R2). */
export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 1600;

/** Unix seconds: created_at is spread over [2026-01-01, 2026-11-01). */
const CREATED_FROM = Date.UTC(2026, 0, 1) / 1000;
const CREATED_TO = Date.UTC(2026, 10, 1) / 1000;

const SEED = 0x5eed_2026;

/** Product ids whose price is hidden (sale_price 0) and ids that are sold out in every size. */
const HIDDEN_PRICE_IDS = new Set([9, 97, 188, 263]);
const SOLD_OUT_IDS = new Set([14, 71, 132, 219, 301]);

/**
 * The receipt codes of a product, by its silhouette: the MXIK (IKPU) of its group (they
 * follow the goods' HS headings: 061/062 garments, 064 footwear, 065 headwear, 042 bags)
 * and the package code of one piece or pair. Every product is sold at the general VAT rate.
 * A local database seeded before the codes gets them on the next `npm run db:setup`: the
 * changed statements renew its demo catalogue (workers/seed/demo.ts).
 */
export const RECEIPT_CODES: Record<Shape, { ikpu: string; packageCode: string }> = {
  tshirt: { ikpu: "06109001001000000", packageCode: "1498019" },
  hoodie: { ikpu: "06110003001000000", packageCode: "1498019" },
  dress: { ikpu: "06204004001000000", packageCode: "1501134" },
  skirt: { ikpu: "06204005001000000", packageCode: "1501134" },
  trousers: { ikpu: "06203004002000000", packageCode: "1501134" },
  jacket: { ikpu: "06201003001000000", packageCode: "1501134" },
  sneaker: { ikpu: "06404001001000000", packageCode: "1509792" },
  shoe: { ikpu: "06403001001000000", packageCode: "1509792" },
  boot: { ikpu: "06403002001000000", packageCode: "1509792" },
  cap: { ikpu: "06505001001000000", packageCode: "1498019" },
  scarf: { ikpu: "06214001001000000", packageCode: "1498019" },
  bag: { ikpu: "04202002001000000", packageCode: "1498019" },
};
export const VAT_PERCENT = 12;
/**
 * The one product without receipt codes (pulse-athletic-tulpor-shoes-brown-72): none of the
 * first 40 (the Worker tests' catalogue, where any product may be paid online), and far from
 * the first page of the demo's popular and newest listings (where the e2e tests fill carts).
 */
export const NO_RECEIPT_CODE_ID = 72;

/** A well-mixed 32-bit seed for stream `n` (so model k's numbers do not depend on model k-1). */
function streamSeed(n: number): number {
  let h = (SEED ^ Math.imul(n + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

type Rng = {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
  weighted: <T>(items: readonly (readonly [T, number])[]) => T;
};

function makeRng(seed: number): Rng {
  const next = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    weighted: (items) => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1]![0];
    },
  };
}

// ---------------------------------------------------------------------------
// Reference data

type Names = { uz: string; ru: string; uk: string };
/** Russian/Ukrainian grammatical gender of a noun: masculine, feminine, neuter, plural-only. */
type Gender = "m" | "f" | "n" | "p";
type Noun = { uz: string; ru: string; ruG: Gender; uk: string; ukG: Gender; en: string };
type Adjective = { uz: string; ru: Record<Gender, string>; uk: Record<Gender, string> };

type Gen = "women" | "men" | "kids";
type Kind = "clothing" | "footwear" | "accessories";

const GENDERS: readonly { slug: Gen; names: Names }[] = [
  { slug: "women", names: { uz: "Ayollar", ru: "Женщинам", uk: "Жінкам" } },
  { slug: "men", names: { uz: "Erkaklar", ru: "Мужчинам", uk: "Чоловікам" } },
  { slug: "kids", names: { uz: "Bolalar", ru: "Детям", uk: "Дітям" } },
];

const KINDS: readonly { slug: Kind; names: Names }[] = [
  { slug: "clothing", names: { uz: "Kiyim", ru: "Одежда", uk: "Одяг" } },
  { slug: "footwear", names: { uz: "Poyabzal", ru: "Обувь", uk: "Взуття" } },
  { slug: "accessories", names: { uz: "Aksessuarlar", ru: "Аксессуары", uk: "Аксесуари" } },
];

function sizeKindOf(gen: Gen, kind: Kind): SizeKind {
  if (kind === "accessories") return "one";
  if (gen === "kids") return kind === "footwear" ? "kids-footwear" : "kids";
  return kind;
}

function adj(uz: string, ru: [string, string, string, string], uk: [string, string, string, string]): Adjective {
  return {
    uz,
    ru: { m: ru[0], f: ru[1], n: ru[2], p: ru[3] },
    uk: { m: uk[0], f: uk[1], n: uk[2], p: uk[3] },
  };
}

const A = {
  classic: adj("klassik", ["классический", "классическая", "классическое", "классические"], ["класичний", "класична", "класичне", "класичні"]),
  light: adj("yengil", ["лёгкий", "лёгкая", "лёгкое", "лёгкие"], ["легкий", "легка", "легке", "легкі"]),
  comfy: adj("qulay", ["удобный", "удобная", "удобное", "удобные"], ["зручний", "зручна", "зручне", "зручні"]),
  everyday: adj("kundalik", ["повседневный", "повседневная", "повседневное", "повседневные"], ["повсякденний", "повсякденна", "повсякденне", "повсякденні"]),
  basic: adj("bazaviy", ["базовый", "базовая", "базовое", "базовые"], ["базовий", "базова", "базове", "базові"]),
  modern: adj("zamonaviy", ["современный", "современная", "современное", "современные"], ["сучасний", "сучасна", "сучасне", "сучасні"]),
  urban: adj("shahar uslubidagi", ["городской", "городская", "городское", "городские"], ["міський", "міська", "міське", "міські"]),
  warm: adj("issiq", ["тёплый", "тёплая", "тёплое", "тёплые"], ["теплий", "тепла", "тепле", "теплі"]),
  sport: adj("sport", ["спортивный", "спортивная", "спортивное", "спортивные"], ["спортивний", "спортивна", "спортивне", "спортивні"]),
  elegant: adj("nafis", ["элегантный", "элегантная", "элегантное", "элегантные"], ["елегантний", "елегантна", "елегантне", "елегантні"]),
  soft: adj("yumshoq", ["мягкий", "мягкая", "мягкое", "мягкие"], ["м'який", "м'яка", "м'яке", "м'які"]),
} as const;

type Material = {
  names: Names;
  care: Names;
};

const CARE = {
  wash30: { uz: "30 °C da mashinada yuvish mumkin.", ru: "Машинная стирка при 30 °C.", uk: "Машинне прання при 30 °C." },
  wash40: { uz: "40 °C da mashinada yuvish mumkin.", ru: "Машинная стирка при 40 °C.", uk: "Машинне прання при 40 °C." },
  denim: {
    uz: "Teskari tomonini ag'darib, 30 °C da yuving.",
    ru: "Стирать при 30 °C, вывернув наизнанку.",
    uk: "Прати при 30 °C, вивернувши навиворіт.",
  },
  hand: { uz: "Qo'lda yuvish tavsiya etiladi.", ru: "Рекомендуется ручная стирка.", uk: "Рекомендовано ручне прання." },
  dry: {
    uz: "Faqat kimyoviy tozalash tavsiya etiladi.",
    ru: "Рекомендуется только сухая чистка.",
    uk: "Рекомендовано лише суху чистку.",
  },
  leather: {
    uz: "Nam mato bilan arting va maxsus krem bilan parvarish qiling.",
    ru: "Протирать влажной тканью и ухаживать специальным кремом.",
    uk: "Протирати вологою тканиною та доглядати спеціальним кремом.",
  },
  suede: {
    uz: "Zamsh uchun maxsus cho'tka bilan tozalang.",
    ru: "Чистить специальной щёткой для замши.",
    uk: "Чистити спеціальною щіткою для замші.",
  },
  textile: {
    uz: "Yumshoq cho'tka va iliq suv bilan tozalang.",
    ru: "Очищать мягкой щёткой и тёплой водой.",
    uk: "Очищати м'якою щіткою і теплою водою.",
  },
  wipe: { uz: "Nam mato bilan arting.", ru: "Протирать влажной тканью.", uk: "Протирати вологою тканиною." },
} as const;

const M = {
  cotton: { names: { uz: "100% paxta", ru: "100% хлопок", uk: "100% бавовна" }, care: CARE.wash30 },
  denim: {
    names: { uz: "98% paxta, 2% elastan", ru: "98% хлопок, 2% эластан", uk: "98% бавовна, 2% еластан" },
    care: CARE.denim,
  },
  viscose: { names: { uz: "100% viskoza", ru: "100% вискоза", uk: "100% віскоза" }, care: CARE.hand },
  linen: { names: { uz: "100% zig'ir", ru: "100% лён", uk: "100% льон" }, care: CARE.wash40 },
  wool: {
    names: { uz: "70% jun, 30% poliamid", ru: "70% шерсть, 30% полиамид", uk: "70% вовна, 30% поліамід" },
    care: CARE.dry,
  },
  silk: { names: { uz: "100% tabiiy ipak", ru: "100% натуральный шёлк", uk: "100% натуральний шовк" }, care: CARE.hand },
  polyester: { names: { uz: "100% poliester", ru: "100% полиэстер", uk: "100% поліестер" }, care: CARE.wash30 },
  fleece: {
    names: { uz: "80% paxta, 20% poliester", ru: "80% хлопок, 20% полиэстер", uk: "80% бавовна, 20% поліестер" },
    care: CARE.wash30,
  },
  leather: { names: { uz: "tabiiy charm", ru: "натуральная кожа", uk: "натуральна шкіра" }, care: CARE.leather },
  suede: { names: { uz: "tabiiy zamsh", ru: "натуральная замша", uk: "натуральна замша" }, care: CARE.suede },
  textile: {
    names: { uz: "to'qimachilik mato va to'r", ru: "текстиль и сетка", uk: "текстиль і сітка" },
    care: CARE.textile,
  },
  ecoleather: { names: { uz: "eko-charm", ru: "экокожа", uk: "екошкіра" }, care: CARE.wipe },
  canvas: { names: { uz: "paxta kanvas", ru: "хлопковый канвас", uk: "бавовняний канвас" }, care: CARE.hand },
} satisfies Record<string, Material>;

function noun(uz: string, ru: string, ruG: Gender, uk: string, ukG: Gender, en: string): Noun {
  return { uz, ru, ruG, uk, ukG, en };
}

const N = {
  dress: noun("ko'ylak", "платье", "n", "сукня", "f", "dress"),
  jeans: noun("jinsi shim", "джинсы", "p", "джинси", "p", "jeans"),
  skirt: noun("yubka", "юбка", "f", "спідниця", "f", "skirt"),
  jacket: noun("kurtka", "куртка", "f", "куртка", "f", "jacket"),
  sneakers: noun("krossovka", "кроссовки", "p", "кросівки", "p", "sneakers"),
  womensBoots: noun("etik", "сапоги", "p", "чоботи", "p", "boots"),
  boots: noun("botinka", "ботинки", "p", "черевики", "p", "boots"),
  shoes: noun("tufli", "туфли", "p", "туфлі", "p", "shoes"),
  sandals: noun("sandal", "сандалии", "p", "сандалі", "p", "sandals"),
  bag: noun("sumka", "сумка", "f", "сумка", "f", "bag"),
  backpack: noun("ryukzak", "рюкзак", "m", "рюкзак", "m", "backpack"),
  scarf: noun("sharf", "шарф", "m", "шарф", "m", "scarf"),
  shawl: noun("ro'mol", "платок", "m", "хустка", "f", "shawl"),
  cap: noun("kepka", "кепка", "f", "кепка", "f", "cap"),
  panama: noun("panama", "панама", "f", "панама", "f", "panama"),
  tshirt: noun("futbolka", "футболка", "f", "футболка", "f", "t-shirt"),
  hoodie: noun("xudi", "худи", "n", "худі", "n", "hoodie"),
  trousers: noun("shim", "брюки", "p", "штани", "p", "trousers"),
} as const;

type Sub = {
  slug: string;
  names: Names;
  shape: Shape;
  nouns: readonly Noun[];
  adjectives: readonly Adjective[];
  materials: readonly Material[];
  /** first_price range in UZS. */
  price: readonly [number, number];
  /** Extra sentence for the description (kids' items). */
  audience?: Names;
};

const FOR_KIDS: Names = { uz: "O'g'il va qiz bolalar uchun.", ru: "Для мальчиков и девочек.", uk: "Для хлопчиків і дівчаток." };
const FOR_GIRLS: Names = { uz: "Qiz bolalar uchun.", ru: "Для девочек.", uk: "Для дівчаток." };
const FOR_BOYS: Names = { uz: "O'g'il bolalar uchun.", ru: "Для мальчиков.", uk: "Для хлопчиків." };

const CLOTHES_ADJ = [A.classic, A.light, A.comfy, A.everyday, A.basic, A.modern] as const;
const SHOE_ADJ = [A.classic, A.light, A.comfy, A.everyday, A.modern, A.urban] as const;
const OUTER_ADJ = [A.classic, A.light, A.warm, A.modern, A.urban] as const;

const NAMES = {
  dresses: { uz: "Ko'ylaklar", ru: "Платья", uk: "Сукні" },
  jeans: { uz: "Jinsi shimlar", ru: "Джинсы", uk: "Джинси" },
  skirts: { uz: "Yubkalar", ru: "Юбки", uk: "Спідниці" },
  jackets: { uz: "Kurtkalar", ru: "Куртки", uk: "Куртки" },
  tshirts: { uz: "Futbolkalar", ru: "Футболки", uk: "Футболки" },
  hoodies: { uz: "Xudilar", ru: "Худи", uk: "Худі" },
  trousers: { uz: "Shimlar", ru: "Брюки", uk: "Штани" },
  sneakers: { uz: "Krossovkalar", ru: "Кроссовки", uk: "Кросівки" },
  womensBoots: { uz: "Etiklar", ru: "Сапоги", uk: "Чоботи" },
  boots: { uz: "Botinkalar", ru: "Ботинки", uk: "Черевики" },
  shoes: { uz: "Tuflilar", ru: "Туфли", uk: "Туфлі" },
  sandals: { uz: "Sandallar", ru: "Сандалии", uk: "Сандалі" },
  bags: { uz: "Sumkalar", ru: "Сумки", uk: "Сумки" },
  bagsBackpacks: { uz: "Sumka va ryukzaklar", ru: "Сумки и рюкзаки", uk: "Сумки та рюкзаки" },
  backpacks: { uz: "Ryukzaklar", ru: "Рюкзаки", uk: "Рюкзаки" },
  scarves: { uz: "Sharf va ro'mollar", ru: "Шарфы и платки", uk: "Шарфи та хустки" },
  mensScarves: { uz: "Sharflar", ru: "Шарфы", uk: "Шарфи" },
  hats: { uz: "Bosh kiyimlar", ru: "Головные уборы", uk: "Головні убори" },
  caps: { uz: "Kepkalar", ru: "Кепки", uk: "Кепки" },
} as const;

/** Depth-2 categories per (gender, kind), in display order. */
const SUBS: Record<Gen, Record<Kind, readonly Sub[]>> = {
  women: {
    clothing: [
      {
        slug: "dresses",
        names: NAMES.dresses,
        shape: "dress",
        nouns: [N.dress],
        adjectives: [A.elegant, A.light, A.classic, A.everyday, A.modern],
        materials: [M.cotton, M.viscose, M.linen, M.silk, M.polyester],
        price: [249_000, 1_290_000],
      },
      { slug: "jeans", names: NAMES.jeans, shape: "trousers", nouns: [N.jeans], adjectives: CLOTHES_ADJ, materials: [M.denim], price: [299_000, 899_000] },
      {
        slug: "skirts",
        names: NAMES.skirts,
        shape: "skirt",
        nouns: [N.skirt],
        adjectives: [A.elegant, A.light, A.classic, A.everyday],
        materials: [M.cotton, M.viscose, M.wool, M.denim],
        price: [199_000, 699_000],
      },
      {
        slug: "jackets",
        names: NAMES.jackets,
        shape: "jacket",
        nouns: [N.jacket],
        adjectives: OUTER_ADJ,
        materials: [M.polyester, M.ecoleather, M.leather, M.denim],
        price: [599_000, 2_490_000],
      },
    ],
    footwear: [
      {
        slug: "sneakers",
        names: NAMES.sneakers,
        shape: "sneaker",
        nouns: [N.sneakers],
        adjectives: [...SHOE_ADJ, A.sport],
        materials: [M.textile, M.leather, M.ecoleather, M.suede],
        price: [399_000, 1_890_000],
      },
      {
        slug: "boots",
        names: NAMES.womensBoots,
        shape: "boot",
        nouns: [N.womensBoots],
        adjectives: [A.classic, A.warm, A.elegant, A.modern],
        materials: [M.leather, M.suede, M.ecoleather],
        price: [699_000, 2_490_000],
      },
      {
        slug: "shoes",
        names: NAMES.shoes,
        shape: "shoe",
        nouns: [N.shoes],
        adjectives: [A.classic, A.elegant, A.comfy, A.modern],
        materials: [M.leather, M.suede, M.ecoleather],
        price: [449_000, 1_590_000],
      },
    ],
    accessories: [
      {
        slug: "bags",
        names: NAMES.bags,
        shape: "bag",
        nouns: [N.bag],
        adjectives: [A.elegant, A.classic, A.everyday, A.urban, A.modern],
        materials: [M.leather, M.ecoleather, M.canvas],
        price: [199_000, 1_490_000],
      },
      {
        slug: "scarves",
        names: NAMES.scarves,
        shape: "scarf",
        nouns: [N.scarf, N.shawl],
        adjectives: [A.soft, A.light, A.warm, A.elegant],
        materials: [M.wool, M.silk, M.viscose],
        price: [89_000, 449_000],
      },
      {
        slug: "hats",
        names: NAMES.hats,
        shape: "cap",
        nouns: [N.cap, N.panama],
        adjectives: [A.light, A.everyday, A.sport, A.basic],
        materials: [M.cotton, M.linen, M.polyester],
        price: [89_000, 299_000],
      },
    ],
  },
  men: {
    clothing: [
      {
        slug: "t-shirts",
        names: NAMES.tshirts,
        shape: "tshirt",
        nouns: [N.tshirt],
        adjectives: [...CLOTHES_ADJ, A.sport],
        materials: [M.cotton, M.linen, M.polyester],
        price: [89_000, 349_000],
      },
      { slug: "jeans", names: NAMES.jeans, shape: "trousers", nouns: [N.jeans], adjectives: CLOTHES_ADJ, materials: [M.denim], price: [299_000, 899_000] },
      {
        slug: "hoodies",
        names: NAMES.hoodies,
        shape: "hoodie",
        nouns: [N.hoodie],
        adjectives: [A.warm, A.soft, A.basic, A.sport, A.urban],
        materials: [M.fleece, M.cotton],
        price: [249_000, 799_000],
      },
      {
        slug: "jackets",
        names: NAMES.jackets,
        shape: "jacket",
        nouns: [N.jacket],
        adjectives: OUTER_ADJ,
        materials: [M.polyester, M.leather, M.ecoleather, M.denim],
        price: [699_000, 2_490_000],
      },
    ],
    footwear: [
      {
        slug: "sneakers",
        names: NAMES.sneakers,
        shape: "sneaker",
        nouns: [N.sneakers],
        adjectives: [...SHOE_ADJ, A.sport],
        materials: [M.textile, M.leather, M.ecoleather, M.suede],
        price: [449_000, 1_990_000],
      },
      {
        slug: "boots",
        names: NAMES.boots,
        shape: "boot",
        nouns: [N.boots],
        adjectives: [A.classic, A.warm, A.urban, A.modern],
        materials: [M.leather, M.suede, M.ecoleather],
        price: [699_000, 2_490_000],
      },
      {
        slug: "shoes",
        names: NAMES.shoes,
        shape: "shoe",
        nouns: [N.shoes],
        adjectives: [A.classic, A.elegant, A.comfy, A.modern],
        materials: [M.leather, M.suede],
        price: [549_000, 1_790_000],
      },
    ],
    accessories: [
      {
        slug: "bags",
        names: NAMES.bagsBackpacks,
        shape: "bag",
        nouns: [N.backpack, N.bag],
        adjectives: [A.classic, A.urban, A.everyday, A.modern, A.sport],
        materials: [M.canvas, M.leather, M.polyester],
        price: [249_000, 1_290_000],
      },
      {
        slug: "caps",
        names: NAMES.caps,
        shape: "cap",
        nouns: [N.cap],
        adjectives: [A.sport, A.basic, A.everyday, A.classic],
        materials: [M.cotton, M.polyester],
        price: [89_000, 299_000],
      },
      {
        slug: "scarves",
        names: NAMES.mensScarves,
        shape: "scarf",
        nouns: [N.scarf],
        adjectives: [A.warm, A.soft, A.classic],
        materials: [M.wool],
        price: [129_000, 449_000],
      },
    ],
  },
  kids: {
    clothing: [
      {
        slug: "t-shirts",
        names: NAMES.tshirts,
        shape: "tshirt",
        nouns: [N.tshirt],
        adjectives: [A.light, A.comfy, A.everyday, A.basic, A.sport],
        materials: [M.cotton],
        price: [69_000, 189_000],
        audience: FOR_KIDS,
      },
      {
        slug: "dresses",
        names: NAMES.dresses,
        shape: "dress",
        nouns: [N.dress],
        adjectives: [A.light, A.elegant, A.everyday],
        materials: [M.cotton, M.viscose, M.linen],
        price: [149_000, 449_000],
        audience: FOR_GIRLS,
      },
      {
        slug: "trousers",
        names: NAMES.trousers,
        shape: "trousers",
        nouns: [N.trousers, N.jeans],
        adjectives: [A.comfy, A.everyday, A.sport, A.basic],
        materials: [M.cotton, M.denim, M.fleece],
        price: [129_000, 349_000],
        audience: FOR_KIDS,
      },
      {
        slug: "hoodies",
        names: NAMES.hoodies,
        shape: "hoodie",
        nouns: [N.hoodie],
        adjectives: [A.warm, A.soft, A.sport, A.comfy],
        materials: [M.fleece, M.cotton],
        price: [149_000, 399_000],
        audience: FOR_KIDS,
      },
    ],
    footwear: [
      {
        slug: "sneakers",
        names: NAMES.sneakers,
        shape: "sneaker",
        nouns: [N.sneakers],
        adjectives: [A.light, A.comfy, A.sport, A.everyday],
        materials: [M.textile, M.ecoleather, M.leather],
        price: [199_000, 599_000],
        audience: FOR_KIDS,
      },
      {
        slug: "boots",
        names: NAMES.boots,
        shape: "boot",
        nouns: [N.boots],
        adjectives: [A.warm, A.comfy, A.classic],
        materials: [M.leather, M.ecoleather, M.suede],
        price: [249_000, 699_000],
        audience: FOR_KIDS,
      },
      {
        slug: "sandals",
        names: NAMES.sandals,
        shape: "shoe",
        nouns: [N.sandals],
        adjectives: [A.light, A.comfy, A.everyday],
        materials: [M.leather, M.textile],
        price: [129_000, 349_000],
        audience: FOR_BOYS,
      },
    ],
    accessories: [
      {
        slug: "caps",
        names: NAMES.caps,
        shape: "cap",
        nouns: [N.cap, N.panama],
        adjectives: [A.light, A.sport, A.everyday],
        materials: [M.cotton],
        price: [59_000, 149_000],
        audience: FOR_KIDS,
      },
      {
        slug: "backpacks",
        names: NAMES.backpacks,
        shape: "bag",
        nouns: [N.backpack],
        adjectives: [A.light, A.comfy, A.sport, A.everyday],
        materials: [M.canvas, M.polyester],
        price: [149_000, 449_000],
        audience: FOR_KIDS,
      },
    ],
  },
};

type BrandDef = { slug: string; name: string; gens: readonly Gen[]; kinds: readonly Kind[]; vendor: number };

const W: Gen = "women";
const MEN: Gen = "men";
const K: Gen = "kids";
const C: Kind = "clothing";
const F: Kind = "footwear";
const ACC: Kind = "accessories";

/** Brand ids are 1-based positions in this list. */
const BRANDS: readonly BrandDef[] = [
  { slug: "samarqand-style", name: "Samarqand Style", gens: [W, MEN], kinds: [C, ACC], vendor: 1 },
  { slug: "urban-step", name: "Urban Step", gens: [W, MEN, K], kinds: [F], vendor: 1 },
  { slug: "bukhara-denim", name: "Bukhara Denim", gens: [W, MEN, K], kinds: [C], vendor: 1 },
  { slug: "tashkent-tailor", name: "Tashkent Tailor", gens: [MEN], kinds: [C, ACC], vendor: 1 },
  { slug: "silk-road", name: "Silk Road", gens: [W], kinds: [C, ACC], vendor: 2 },
  { slug: "registan", name: "Registan", gens: [W, MEN], kinds: [C, F, ACC], vendor: 1 },
  { slug: "ozbegim", name: "O\u02BBzbegim", gens: [W, MEN, K], kinds: [C], vendor: 1 },
  { slug: "chimgan-outdoor", name: "Chimgan Outdoor", gens: [W, MEN, K], kinds: [C, F, ACC], vendor: 1 },
  { slug: "navoi-knit", name: "Navoi Knit", gens: [W, MEN, K], kinds: [C, ACC], vendor: 1 },
  { slug: "khiva-leather", name: "Khiva Leather", gens: [W, MEN], kinds: [F, ACC], vendor: 3 },
  { slug: "aral-sport", name: "Aral Sport", gens: [W, MEN, K], kinds: [C, F, ACC], vendor: 1 },
  { slug: "amir-basics", name: "Amir Basics", gens: [W, MEN], kinds: [C], vendor: 1 },
  { slug: "nomad", name: "Nomad", gens: [W, MEN], kinds: [F, ACC], vendor: 2 },
  { slug: "bolajon", name: "Bolajon", gens: [K], kinds: [C, F, ACC], vendor: 1 },
  { slug: "kamalak", name: "Kamalak", gens: [K], kinds: [C, ACC], vendor: 1 },
  { slug: "lola", name: "Lola", gens: [W], kinds: [C, F, ACC], vendor: 1 },
  { slug: "qadam", name: "Qadam", gens: [W, MEN, K], kinds: [F], vendor: 1 },
  { slug: "pulse-athletic", name: "Pulse Athletic", gens: [W, MEN], kinds: [C, F], vendor: 2 },
  { slug: "city-fox", name: "City Fox", gens: [W, MEN, K], kinds: [C, ACC], vendor: 1 },
  { slug: "terra-boots", name: "Terra Boots", gens: [W, MEN], kinds: [F], vendor: 3 },
  { slug: "oydin", name: "Oydin", gens: [W], kinds: [C, ACC], vendor: 1 },
  { slug: "zarafshan", name: "Zarafshan", gens: [W, MEN], kinds: [C, ACC], vendor: 1 },
  { slug: "mitti", name: "Mitti", gens: [K], kinds: [C, F], vendor: 1 },
  { slug: "northwind", name: "Northwind", gens: [W, MEN], kinds: [C, ACC], vendor: 2 },
];

const COLORS: readonly Omit<ColorRow, "id">[] = [
  { slug: "black", hex: "#1f1f1f", name_uz: "Qora", name_ru: "Чёрный", name_uk: "Чорний" },
  { slug: "white", hex: "#f4f4f1", name_uz: "Oq", name_ru: "Белый", name_uk: "Білий" },
  { slug: "grey", hex: "#8e8e8e", name_uz: "Kulrang", name_ru: "Серый", name_uk: "Сірий" },
  { slug: "navy", hex: "#1e2a4a", name_uz: "To'q ko'k", name_ru: "Тёмно-синий", name_uk: "Темно-синій" },
  { slug: "blue", hex: "#2f6fd0", name_uz: "Ko'k", name_ru: "Синий", name_uk: "Синій" },
  { slug: "red", hex: "#c62828", name_uz: "Qizil", name_ru: "Красный", name_uk: "Червоний" },
  { slug: "burgundy", hex: "#7a1f2b", name_uz: "To'q qizil", name_ru: "Бордовый", name_uk: "Бордовий" },
  { slug: "beige", hex: "#d8c3a5", name_uz: "Bej", name_ru: "Бежевый", name_uk: "Бежевий" },
  { slug: "brown", hex: "#6d4c3d", name_uz: "Jigarrang", name_ru: "Коричневый", name_uk: "Коричневий" },
  { slug: "green", hex: "#2e7d4f", name_uz: "Yashil", name_ru: "Зелёный", name_uk: "Зелений" },
  { slug: "khaki", hex: "#8a8a5c", name_uz: "Xaki", name_ru: "Хаки", name_uk: "Хакі" },
  { slug: "pink", hex: "#e8a1b5", name_uz: "Pushti", name_ru: "Розовый", name_uk: "Рожевий" },
];

/** Latin model names (used as-is in all languages and in slugs). */
const MODEL_WORDS = [
  "Nova",
  "Aero",
  "Terra",
  "Luna",
  "Vega",
  "Atlas",
  "Orbit",
  "Sahro",
  "Bahor",
  "Tong",
  "Pulse",
  "Drift",
  "Breeze",
  "Summit",
  "Oasis",
  "Comet",
  "Zenit",
  "Lyra",
  "Rio",
  "Nur",
  "Kumush",
  "Yulduz",
  "Ipak",
  "Safar",
  "Marvarid",
  "Chinor",
  "Tulpor",
  "Runner",
  "Metro",
  "Flow",
] as const;

const OCCASIONS: readonly Names[] = [
  { uz: "Har kuni kiyish uchun qulay model.", ru: "Удобная модель на каждый день.", uk: "Зручна модель на кожен день." },
  { uz: "Shahar va sayohat uchun mos.", ru: "Подходит для города и путешествий.", uk: "Підходить для міста та подорожей." },
  {
    uz: "Bazaviy garderob bilan yaxshi uyg'unlashadi.",
    ru: "Легко сочетается с базовым гардеробом.",
    uk: "Легко поєднується з базовим гардеробом.",
  },
  {
    uz: "O'lchamga mos: odatdagi o'lchamingizni tanlang.",
    ru: "Соответствует размеру: выбирайте свой обычный размер.",
    uk: "Відповідає розміру: обирайте свій звичайний розмір.",
  },
];

const SOLE: Names = { uz: "tagcharm: rezina", ru: "подошва: резина", uk: "підошва: гума" };

// ---------------------------------------------------------------------------
// Generation

type CategoryInfo = { row: CategoryRow; gen: Gen; kind: Kind; sub: Sub; chain: CategoryRow[] };

function buildCategories(): { rows: CategoryRow[]; leaves: Map<string, CategoryInfo> } {
  const rows: CategoryRow[] = [];
  const leaves = new Map<string, CategoryInfo>();
  let id = 0;
  GENDERS.forEach((g, gi) => {
    const top: CategoryRow = {
      id: ++id,
      parent_id: null,
      slug: g.slug,
      path: g.slug,
      depth: 0,
      position: gi,
      // A department mixes scales; its own kind is that of its clothing.
      size_kind: sizeKindOf(g.slug, "clothing"),
      name_uz: g.names.uz,
      name_ru: g.names.ru,
      name_uk: g.names.uk,
    };
    rows.push(top);
    KINDS.forEach((k, ki) => {
      const sizeKind = sizeKindOf(g.slug, k.slug);
      const mid: CategoryRow = {
        id: ++id,
        parent_id: top.id,
        slug: k.slug,
        path: `${g.slug}/${k.slug}`,
        depth: 1,
        position: ki,
        size_kind: sizeKind,
        name_uz: k.names.uz,
        name_ru: k.names.ru,
        name_uk: k.names.uk,
      };
      rows.push(mid);
      SUBS[g.slug][k.slug].forEach((s, si) => {
        const leaf: CategoryRow = {
          id: ++id,
          parent_id: mid.id,
          slug: s.slug,
          path: `${mid.path}/${s.slug}`,
          depth: 2,
          position: si,
          size_kind: sizeKind,
          name_uz: s.names.uz,
          name_ru: s.names.ru,
          name_uk: s.names.uk,
        };
        rows.push(leaf);
        leaves.set(leaf.path, { row: leaf, gen: g.slug, kind: k.slug, sub: s, chain: [top, mid, leaf] });
      });
    });
  });
  return { rows, leaves };
}

const GEN_WEIGHTS: readonly (readonly [Gen, number])[] = [
  ["women", 45],
  ["men", 35],
  ["kids", 20],
];
const KIND_WEIGHTS: readonly (readonly [Kind, number])[] = [
  ["clothing", 50],
  ["footwear", 30],
  ["accessories", 20],
];
const COLOR_COUNT_WEIGHTS: readonly (readonly [number, number])[] = [
  [1, 45],
  [2, 35],
  [3, 20],
];
const DISCOUNTS = [10, 15, 20, 25, 30, 40, 50] as const;

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/[\u0027\u0060\u02BB\u02BC\u2018\u2019]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A shop price: within [min, max], ending in 9 000 (349 000, 1 290 000). */
function shopPrice(rng: Rng, [min, max]: readonly [number, number]): number {
  const raw = min + rng.next() * (max - min);
  const price = Math.round(raw / 10_000) * 10_000 - 1_000;
  return Math.min(max, Math.max(min, price));
}

function salePrice(first: number, discountPercent: number): number {
  const sale = Math.round((first * (100 - discountPercent)) / 100 / 1_000) * 1_000;
  return Math.max(1_000, Math.min(first - 1_000, sale));
}

/** A contiguous run of the scale: at least 4 (clothing) or 5 sizes, up to all of them; "ONE" alone. */
function sizeRun(rng: Rng, kind: SizeKind, gen: Gen): string[] {
  let scale = SIZE_SCALES[kind];
  if (kind === "footwear") scale = gen === "women" ? scale.slice(0, 7) : scale.slice(4); // 35–41 / 39–46
  if (scale.length <= 1) return [...scale];
  const minLen = Math.min(scale.length, kind === "clothing" ? 4 : 5);
  const len = rng.int(minLen, scale.length);
  const start = rng.int(0, scale.length - len);
  return scale.slice(start, start + len);
}

function phrase(lang: SeedLang, a: Adjective, n: Noun): string {
  if (lang === "uz") return `${a.uz} ${n.uz}`;
  if (lang === "ru") return `${a.ru[n.ruG]} ${n.ru}`;
  return `${a.uk[n.ukG]} ${n.uk}`;
}

function productName(lang: SeedLang, brand: string, model: string, a: Adjective, n: Noun): string {
  // uz: "Urban Step Nova yengil krossovka"; ru/uk: "Лёгкие кроссовки Urban Step Nova".
  if (lang === "uz") return `${brand} ${model} ${phrase(lang, a, n)}`;
  return `${capitalize(phrase(lang, a, n))} ${brand} ${model}`;
}

const MATERIAL_LABEL: Record<"fabric" | "material", Names> = {
  fabric: { uz: "Tarkibi", ru: "Состав", uk: "Склад" },
  material: { uz: "Materiali", ru: "Материал", uk: "Матеріал" },
};
const UPPER_LABEL: Names = { uz: "Ustki qismi", ru: "Верх", uk: "Верх" };

function description(lang: SeedLang, cat: CategoryInfo, material: Material, occasion: Names | null): string {
  const sentences: string[] = [];
  if (cat.kind === "footwear") {
    sentences.push(`${UPPER_LABEL[lang]}: ${material.names[lang]}, ${SOLE[lang]}.`);
  } else {
    const label = cat.sub.shape === "bag" ? MATERIAL_LABEL.material : MATERIAL_LABEL.fabric;
    sentences.push(`${label[lang]}: ${material.names[lang]}.`);
  }
  if (cat.sub.audience) sentences.push(cat.sub.audience[lang]);
  else if (occasion) sentences.push(occasion[lang]);
  sentences.push(material.care[lang]);
  return sentences.join(" ");
}

type ModelPlan = {
  cat: CategoryInfo;
  brandIndex: number;
  word: string;
  adjective: Adjective;
  noun: Noun;
  material: Material;
  colorIndexes: number[];
  firstPrice: number;
  discount: number | null;
  imageCount: number;
  createdAt: number;
  occasion: Names | null;
};

function planModel(rng: Rng, modelIndex: number, leaves: Map<string, CategoryInfo>, used: Set<string>): ModelPlan {
  let cat: CategoryInfo;
  if (modelIndex === 0) {
    // Product 1 (and 2, 3): women's sneakers in three colors, on sale; see FIXTURES.
    cat = leaves.get("women/footwear/sneakers")!;
  } else {
    const gen = rng.weighted(GEN_WEIGHTS);
    const kind = rng.weighted(KIND_WEIGHTS);
    const sub = rng.pick(SUBS[gen][kind]);
    cat = leaves.get(`${gen}/${kind}/${sub.slug}`)!;
  }
  const brandChoices = BRANDS.map((_, i) => i).filter((i) => BRANDS[i]!.gens.includes(cat.gen) && BRANDS[i]!.kinds.includes(cat.kind));
  let brandIndex = rng.pick(brandChoices);
  let word: string = rng.pick(MODEL_WORDS);
  const noun = rng.pick(cat.sub.nouns);
  for (let tries = 0; tries < 20 && used.has(`${brandIndex}/${word}/${noun.en}`); tries++) {
    brandIndex = rng.pick(brandChoices);
    word = rng.pick(MODEL_WORDS);
  }
  used.add(`${brandIndex}/${word}/${noun.en}`);
  const adjective = rng.pick(cat.sub.adjectives);
  const material = rng.pick(cat.sub.materials);

  const colorCount = modelIndex === 0 ? 3 : rng.weighted(COLOR_COUNT_WEIGHTS);
  const palette = COLORS.map((_, i) => i).filter((i) => cat.gen !== "men" || COLORS[i]!.slug !== "pink");
  const colorIndexes: number[] = [];
  while (colorIndexes.length < colorCount) {
    const c = rng.pick(palette);
    if (!colorIndexes.includes(c)) colorIndexes.push(c);
  }

  const firstPrice = shopPrice(rng, cat.sub.price);
  const onSale = modelIndex === 0 || rng.chance(0.22);
  const discount = rng.pick(DISCOUNTS);
  const imageCount = rng.int(2, 3);
  const createdAt = CREATED_FROM + Math.floor(rng.next() * (CREATED_TO - CREATED_FROM - 10 * 86_400));
  const occasion = rng.chance(0.6) ? rng.pick(OCCASIONS) : null;
  return {
    cat,
    brandIndex,
    word,
    adjective,
    noun,
    material,
    colorIndexes,
    firstPrice,
    discount: onSale ? discount : null,
    imageCount,
    createdAt,
    occasion,
  };
}

/**
 * A demo product picture: a photo of the shape in the colour, one of three views (front, back,
 * close-up), made at setup by scripts/demo-photos.mjs. The number names the drawing: a new one
 * gets new URLs, as photos' URLs are cached for good.
 */
export const demoPhotoUrl = (shape: string, color: string, view: number) => `/photos/demo/1/${shape}/${color}/${view}.jpg`;

export function generateCatalogue(opts: SeedOptions = {}): Catalogue {
  const total = opts.products ?? DEFAULT_PRODUCTS;
  if (!Number.isInteger(total) || total < 1) throw new Error(`products must be a positive integer, got ${total}`);

  const { rows: categories, leaves } = buildCategories();
  const brands: BrandRow[] = BRANDS.map((b, i) => ({ id: i + 1, slug: b.slug, name: b.name }));
  const colors: ColorRow[] = COLORS.map((c, i) => ({ id: i + 1, ...c }));

  const products: ProductRow[] = [];
  const product_translations: ProductTranslationRow[] = [];
  const skus: SkuRow[] = [];
  const images: ImageRow[] = [];
  const used = new Set<string>();

  for (let modelIndex = 0; products.length < total; modelIndex++) {
    const rng = makeRng(streamSeed(modelIndex));
    const plan = planModel(rng, modelIndex, leaves, used);
    const { cat } = plan;
    const brand = brands[plan.brandIndex]!;
    const brandDef = BRANDS[plan.brandIndex]!;
    const modelCode = `${brand.slug.slice(0, 3).toUpperCase()}-${String(1000 + modelIndex)}`;
    const names: Names = {
      uz: productName("uz", brand.name, plan.word, plan.adjective, plan.noun),
      ru: productName("ru", brand.name, plan.word, plan.adjective, plan.noun),
      uk: productName("uk", brand.name, plan.word, plan.adjective, plan.noun),
    };
    const descriptions: Names = {
      uz: description("uz", cat, plan.material, plan.occasion),
      ru: description("ru", cat, plan.material, plan.occasion),
      uk: description("uk", cat, plan.material, plan.occasion),
    };
    const categoryParts = cat.chain.flatMap((c) => [c.name_uz, c.name_ru, c.name_uk]);

    for (const [variant, colorIndex] of plan.colorIndexes.entries()) {
      if (products.length >= total) break;
      const id = products.length + 1;
      const color = colors[colorIndex]!;
      // Draws happen for every variant in the same order, whatever the id rules decide.
      const inClub = rng.chance(0.2);
      const popularity = Math.floor(1001 * rng.next() ** 1.5);
      const createdAt = Math.min(CREATED_TO - 1, plan.createdAt + variant * rng.int(0, 5) * 86_400 + rng.int(0, 86_399));
      const sizes = sizeRun(rng, cat.row.size_kind, cat.gen);
      const stocks = sizes.map(() => (rng.chance(0.15) ? 0 : rng.int(1, 20)));

      if (SOLD_OUT_IDS.has(id)) stocks.fill(0);
      else if (id === 1) {
        // Product 1: in stock with exactly one sold-out size (the third).
        stocks.forEach((s, i) => {
          stocks[i] = s === 0 ? 3 + i : s;
        });
        stocks[2] = 0;
      } else if (!stocks.some((s) => s > 0)) {
        stocks[0] = rng.int(1, 20); // Only SOLD_OUT_IDS are sold out everywhere.
      }
      if (sizes.length === 1 && !SOLD_OUT_IDS.has(id) && stocks[0] === 0) stocks[0] = rng.int(1, 20);

      const first = plan.firstPrice;
      let sale = plan.discount === null ? first : salePrice(first, plan.discount);
      if (HIDDEN_PRICE_IDS.has(id)) sale = 0;

      const slug = `${brand.slug}-${slugify(plan.word)}-${slugify(plan.noun.en)}-${color.slug}-${id}`;
      products.push({
        id,
        slug,
        model_code: modelCode,
        category_id: cat.row.id,
        brand_id: brand.id,
        color_id: color.id,
        vendor_id: brandDef.vendor,
        first_price: first,
        sale_price: sale,
        in_club: id === 1 ? 0 : inClub ? 1 : 0,
        popularity,
        created_at: createdAt,
        shape: cat.sub.shape,
        ikpu: id === NO_RECEIPT_CODE_ID ? null : RECEIPT_CODES[cat.sub.shape].ikpu,
        package_code: id === NO_RECEIPT_CODE_ID ? null : RECEIPT_CODES[cat.sub.shape].packageCode,
        vat_percent: VAT_PERCENT,
        search_text: searchText([names.uz, names.ru, names.uk, brand.name, ...categoryParts, color.name_uz, color.name_ru, color.name_uk]),
        ...productSearchColumns({
          names: [names.uz, names.ru, names.uk, brand.name],
          categories: categoryParts,
          other: [color.name_uz, color.name_ru, color.name_uk, descriptions.uz, descriptions.ru, descriptions.uk],
        }),
      });
      for (const lang of SEED_LANGS) {
        product_translations.push({ product_id: id, lang, name: names[lang], description: descriptions[lang] });
      }
      sizes.forEach((size, position) => {
        skus.push({ id: skus.length + 1, product_id: id, size, position, stock: stocks[position]! });
      });
      for (let view = 1; view <= plan.imageCount; view++) {
        images.push({
          id: images.length + 1,
          product_id: id,
          position: view - 1,
          url: demoPhotoUrl(cat.sub.shape, color.slug, view),
          width: IMAGE_WIDTH,
          height: IMAGE_HEIGHT,
        });
      }
    }
  }

  return { categories, brands, colors, products, product_translations, skus, images };
}

// ---------------------------------------------------------------------------
// Fixtures

export type Fixtures = {
  /** Product id 1: women's sneakers, on sale, in stock, one sold-out size, 3 colors. */
  productOneSlug: string;
  /** model_code shared by product 1 and its other colors. */
  multiColorModelCode: string;
  /** On sale (0 < sale_price < first_price) and in stock. */
  saleProductSlug: string;
  /** sale_price 0: the price is hidden. In stock. */
  hiddenPriceProductSlug: string;
  /** Every size has stock 0; the price is visible. */
  soldOutProductSlug: string;
  /** in_club = 1, price visible, in stock. */
  clubProductSlug: string;
};

/** The lowest-id product of each kind; the same for every catalogue size from 40 up (see FIXTURES). */
export function fixtures(cat: Catalogue): Fixtures {
  const stockOf = new Map<number, number>();
  for (const s of cat.skus) stockOf.set(s.product_id, (stockOf.get(s.product_id) ?? 0) + s.stock);
  const inStock = (p: ProductRow) => (stockOf.get(p.id) ?? 0) > 0;
  const find = (what: string, test: (p: ProductRow) => boolean): ProductRow => {
    const p = cat.products.find(test);
    if (!p) throw new Error(`seed catalogue has no ${what} product`);
    return p;
  };
  const one = find("id 1", (p) => p.id === 1);
  return {
    productOneSlug: one.slug,
    multiColorModelCode: one.model_code,
    saleProductSlug: find("sale", (p) => p.sale_price > 0 && p.sale_price < p.first_price && inStock(p)).slug,
    hiddenPriceProductSlug: find("hidden-price", (p) => p.sale_price === 0 && inStock(p)).slug,
    soldOutProductSlug: find("sold-out", (p) => !inStock(p) && p.sale_price > 0).slug,
    clubProductSlug: find("club", (p) => p.in_club === 1 && p.sale_price > 0 && inStock(p)).slug,
  };
}

/** fixtures(generateCatalogue(opts)) for any opts.products >= 40 (checked by tests/unit/seed.test.ts). */
export const FIXTURES: Fixtures = {
  productOneSlug: "chimgan-outdoor-bahor-sneakers-khaki-1",
  multiColorModelCode: "CHI-1000",
  saleProductSlug: "chimgan-outdoor-bahor-sneakers-khaki-1",
  hiddenPriceProductSlug: "samarqand-style-kumush-skirt-burgundy-9",
  soldOutProductSlug: "tashkent-tailor-metro-jeans-burgundy-14",
  clubProductSlug: "chimgan-outdoor-bahor-sneakers-red-2",
};

// ---------------------------------------------------------------------------
// SQL

/** Column order per table, as in workers/migrations/0001_catalogue.sql. */
export const TABLE_COLUMNS = {
  categories: ["id", "parent_id", "slug", "path", "depth", "position", "size_kind", "name_uz", "name_ru", "name_uk"],
  brands: ["id", "slug", "name"],
  colors: ["id", "slug", "hex", "name_uz", "name_ru", "name_uk"],
  products: [
    "id",
    "slug",
    "model_code",
    "category_id",
    "brand_id",
    "color_id",
    "vendor_id",
    "first_price",
    "sale_price",
    "in_club",
    "popularity",
    "created_at",
    "shape",
    "search_text",
    "search_name",
    "search_category",
    "search_rest",
    "ikpu",
    "package_code",
    "vat_percent",
  ],
  product_translations: ["product_id", "lang", "name", "description"],
  skus: ["id", "product_id", "size", "position", "stock"],
  images: ["id", "product_id", "position", "url", "width", "height"],
} as const satisfies { [T in keyof Catalogue]: readonly (keyof Catalogue[T][number])[] };

/** Rows per INSERT statement; keeps every statement far below D1's statement size limit. */
export const ROWS_PER_STATEMENT = 30;

/** A SQL literal: integers as digits, strings single-quoted with '' escaping, null as NULL. */
export function sqlLiteral(value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * INSERT OR IGNORE statements (no trailing semicolons) in foreign-key order, at most
 * ROWS_PER_STATEMENT rows each. Explicit ids make a second run a no-op.
 */
export function catalogueStatements(cat: Catalogue): string[] {
  const out: string[] = [];
  const tables = Object.keys(TABLE_COLUMNS) as (keyof typeof TABLE_COLUMNS)[];
  for (const table of tables) {
    const columns: readonly string[] = TABLE_COLUMNS[table];
    const rows = cat[table] as readonly Record<string, string | number | null>[];
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const values = rows.slice(i, i + ROWS_PER_STATEMENT).map((row) => `(${columns.map((c) => sqlLiteral(row[c] as string | number | null)).join(", ")})`);
      out.push(`INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) VALUES\n${values.join(",\n")}`);
    }
  }
  return out;
}
