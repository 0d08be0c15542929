/**
 * Demo reviews: matching parameters per category, and reviews in all three
 * languages with varied ratings, choices and reactions, so every state of the reviews
 * widget can be seen: products cycle through 0, 1, 5, 6 and 42 reviews (and a few
 * other counts). Deterministic: the same catalogue gives the same rows.
 */
import { type Catalogue, ROWS_PER_STATEMENT, type SeedLang, type SizeKind, sqlLiteral } from "./catalogue.ts";

type Names = [uz: string, ru: string, uk: string];
type Parameter = { id: number; name: Names; values: Names[] };

/** Parameters and their values (ids fixed: reviews name them). */
export const MATCHING_PARAMETERS: Parameter[] = [
  {
    id: 1,
    name: ["O'lcham", "Размер", "Розмір"],
    values: [
      ["Kichikroq", "Маломерит", "Маломірить"],
      ["O'lchamiga mos", "Соответствует размеру", "Відповідає розміру"],
      ["Kattaroq", "Большемерит", "Великомірить"],
    ],
  },
  {
    id: 2,
    name: ["Uzunlik", "Длина", "Довжина"],
    values: [
      ["Qisqa", "Короче ожидаемого", "Коротше, ніж очікувалося"],
      ["Kutilganidek", "Как ожидалось", "Як очікувалося"],
      ["Uzun", "Длиннее ожидаемого", "Довше, ніж очікувалося"],
    ],
  },
  {
    id: 3,
    name: ["Kenglik", "Полнота", "Повнота"],
    values: [
      ["Tor", "Узкая", "Вузька"],
      ["O'rtacha", "Обычная", "Звичайна"],
      ["Keng", "Широкая", "Широка"],
    ],
  },
  {
    id: 4,
    name: ["Sifat", "Качество", "Якість"],
    values: [
      ["Kutilganidan past", "Ниже ожиданий", "Нижче очікувань"],
      ["Kutilganidek", "Как ожидалось", "Як очікувалося"],
      ["Kutilganidan yuqori", "Выше ожиданий", "Вище очікувань"],
    ],
  },
];

/** Which parameters a category's products are asked about, by its size scale. */
const PARAMETERS_OF: Record<SizeKind, number[]> = { clothing: [1, 2], kids: [1, 2], footwear: [1, 3], "kids-footwear": [1, 3], one: [4] };

/** Value ids: parameter id × 10 + position (1..3). */
const valueId = (parameter: number, position: number) => parameter * 10 + position;

/** Reviews per product, by the product's place in the catalogue (cycled). */
const COUNTS = [0, 1, 5, 6, 42, 0, 3, 12, 2, 7];

/** Accounts that react to the demo reviews (no password: nobody signs in as them). */
const READERS = 30;
const READER_ID = 900_001;

const AUTHORS: Record<SeedLang, string[]> = {
  uz: ["Dilnoza", "Jasur", "Madina", "Sardor", "Gulnora", "Bekzod", "Nilufar", "Otabek"],
  ru: ["Анна", "Тимур", "Екатерина", "Рустам", "Ольга", "Дмитрий", "Лола", "Сергей"],
  uk: ["Оксана", "Андрій", "Ірина", "Тарас", "Наталія", "Богдан", "Софія", "Олег"],
};

/** Sentences by tone (0: unhappy, 1: mixed, 2: happy), combined into texts. */
const SENTENCES: Record<SeedLang, [string[], string[], string[]]> = {
  uz: [
    ["Sifati kutganimdek emas.", "Bir haftadan keyin chok so'kildi.", "Rangi rasmdagidan farq qiladi."],
    ["Umuman yomon emas, lekin narxi biroz baland.", "O'lchami biroz mos kelmadi.", "Yetkazib berish kechikdi, mahsulot esa yaxshi."],
    ["Juda yoqdi, tavsiya qilaman!", "Material sifatli va qulay.", "Har kuni kiyaman, hammasi joyida.", "Rangi rasmdagidek chiroyli."],
  ],
  ru: [
    ["Качество не соответствует цене.", "Через неделю разошёлся шов.", "Цвет отличается от фото."],
    ["В целом неплохо, но цена высоковата.", "С размером немного не угадала.", "Доставка задержалась, а вещь хорошая."],
    ["Очень понравилось, рекомендую!", "Материал приятный и качественный.", "Ношу каждый день, всё отлично.", "Цвет как на фото, сидит хорошо."],
  ],
  uk: [
    ["Якість не відповідає ціні.", "За тиждень розійшовся шов.", "Колір відрізняється від фото."],
    ["Загалом непогано, але ціна зависока.", "З розміром трохи не вгадала.", "Доставка затрималася, а річ гарна."],
    ["Дуже сподобалося, рекомендую!", "Матеріал приємний і якісний.", "Ношу щодня, усе чудово.", "Колір як на фото, сидить добре."],
  ],
};

const LANGS: SeedLang[] = ["ru", "uz", "uk"];
/** Ratings with a shop's usual lean to the good side. */
const RATINGS = [5, 4, 5, 3, 5, 4, 2, 5, 1, 4, 5, 3];
/** The positions chosen: mostly the middle ("true to size"), some either side. */
const CHOICES = [2, 2, 1, 3, 2, 2, 3];
const DAY = 86_400;
const FIRST_DAY = 1_767_225_600; // 2026-01-01

function insert(table: string, columns: string[], rows: (string | number | null)[][]): string[] {
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const values = rows.slice(i, i + ROWS_PER_STATEMENT).map((r) => `(${r.map(sqlLiteral).join(", ")})`);
    out.push(`INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) VALUES\n${values.join(",\n")}`);
  }
  return out;
}

/** Past the demo's size, one product in this many has reviews (a big catalogue's "some"). */
const REVIEWED_BEYOND_DEMO = 20;
const DEMO_SIZE = 320;

/**
 * How many demo reviews the product at this place in the catalogue gets: the demo's first
 * 320 cycle through the counts; past them, one product in 20 does, so a catalogue of 50,000
 * has ~20,000 reviews rather than ~400,000.
 */
export const demoReviewCount = (index: number) =>
  index < DEMO_SIZE || index % REVIEWED_BEYOND_DEMO === 0 ? COUNTS[(index < DEMO_SIZE ? index : index / REVIEWED_BEYOND_DEMO) % COUNTS.length]! : 0;

/** INSERT OR IGNORE statements (explicit ids) for the parameters, their links, readers, reviews, matchings and reactions. */
export function reviewStatements(cat: Catalogue): string[] {
  const parameters = MATCHING_PARAMETERS.map((p) => [p.id, ...p.name]);
  const values = MATCHING_PARAMETERS.flatMap((p) => p.values.map((v, i) => [valueId(p.id, i + 1), p.id, i + 1, ...v]));
  const links = cat.categories.flatMap((c) => PARAMETERS_OF[c.size_kind].map((p, i) => [c.id, p, i]));
  const kindOf = new Map(cat.categories.map((c) => [c.id, c.size_kind]));
  const readers = Array.from({ length: READERS }, (_, i) => [READER_ID + i, `reader-${i + 1}@seed.invalid`, null, `Reader ${i + 1}`]);
  const reviews: (string | number | null)[][] = [];
  const matchings: (string | number | null)[][] = [];
  const reactions: (string | number | null)[][] = [];
  let id = 1;
  cat.products.forEach((product, index) => {
    const count = demoReviewCount(index);
    const parameterIds = PARAMETERS_OF[kindOf.get(product.category_id) ?? "one"];
    for (let n = 0; n < count; n++) {
      const k = index * 7 + n * 13;
      const lang = LANGS[(index + n) % LANGS.length]!;
      const rating = RATINGS[k % RATINGS.length]!;
      const tone = rating >= 4 ? 2 : rating === 3 ? 1 : 0;
      const pool = SENTENCES[lang][tone];
      const text = Array.from({ length: 1 + (k % 3) }, (_, j) => pool[(k + j) % pool.length]).join(" ");
      const author = AUTHORS[lang][k % AUTHORS[lang].length]!;
      // Newest reviews first in time order of n; spread over the year.
      const created = FIRST_DAY + ((index * 3 + n * 5) % 300) * DAY + n * 3600;
      reviews.push([id, product.id, null, author, rating, text, lang, "published", created, created]);
      // Most reviews answer some of the parameters (one or all).
      parameterIds.forEach((p, j) => {
        if ((k + j) % 4 !== 0) matchings.push([id, p, valueId(p, CHOICES[(k + j) % CHOICES.length]!)]);
      });
      // A few readers found it useful (or not): the "useful" sort has something to order.
      const likes = (k * 5) % 9;
      const dislikes = (k * 3) % 4;
      for (let r = 0; r < likes + dislikes && r < READERS; r++) reactions.push([id, READER_ID + ((id + r) % READERS), r < likes ? 1 : -1]);
      id++;
    }
  });
  return [
    ...insert("matching_parameters", ["id", "name_uz", "name_ru", "name_uk"], parameters),
    ...insert("matching_values", ["id", "parameter_id", "position", "name_uz", "name_ru", "name_uk"], values),
    ...insert("category_matching_parameters", ["category_id", "parameter_id", "position"], links),
    ...insert("users", ["id", "email", "password_hash", "first_name"], readers),
    ...insert("reviews", ["id", "product_id", "user_id", "user_name", "rating", "text", "lang", "status", "created_at", "updated_at"], reviews),
    ...insert("review_matchings", ["review_id", "parameter_id", "value_id"], matchings),
    ...insert("review_reactions", ["review_id", "user_id", "reaction"], reactions),
  ];
}
