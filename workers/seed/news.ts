/**
 * Demo news (workers/migrations/0028_news.sql): eight articles in all three languages, so the
 * news list has a second page, each showing three products of the catalogue and one of their
 * pictures as its cover. Deterministic: the same catalogue gives the same rows. Statements are
 * INSERT OR REPLACE with fixed ids (no trailing semicolons).
 */
import { type Catalogue, type SeedLang, sqlLiteral } from "./catalogue.ts";

type Text = { title: string; summary: string; body: string[] };
export type NewsSeed = { id: number; slug: string; date: string; texts: Record<SeedLang, Text> };

export const NEWS: NewsSeed[] = [
  {
    id: 1,
    slug: "spring-collection",
    date: "2026-03-02",
    texts: {
      uz: {
        title: "Bahor kolleksiyasi keldi",
        summary: "Yengil kurtkalar, yorqin ko'ylaklar va yangi krossovkalar do'konimizda.",
        body: [
          "Bahor kolleksiyasi do'konlarimiz va saytimizga yetib keldi: yengil kurtkalar, yorqin ko'ylaklar va butun kun qulay krossovkalar.",
          "Har bir mahsulot sahifasida o'lchamlar jadvali bor: buyurtmadan oldin o'lchamingizni tekshiring.",
        ],
      },
      ru: {
        title: "Пришла весенняя коллекция",
        summary: "Лёгкие куртки, яркие платья и новые кроссовки уже в магазине.",
        body: [
          "Весенняя коллекция уже в наших магазинах и на сайте: лёгкие куртки, яркие платья и кроссовки, удобные весь день.",
          "На странице каждого товара есть таблица размеров: проверьте свой размер перед заказом.",
        ],
      },
      uk: {
        title: "Надійшла весняна колекція",
        summary: "Легкі куртки, яскраві сукні та нові кросівки вже в магазині.",
        body: [
          "Весняна колекція вже в наших магазинах і на сайті: легкі куртки, яскраві сукні та кросівки, зручні весь день.",
          "На сторінці кожного товару є таблиця розмірів: перевірте свій розмір перед замовленням.",
        ],
      },
    },
  },
  {
    id: 2,
    slug: "navruz-sale",
    date: "2026-03-18",
    texts: {
      uz: {
        title: "Navro'z chegirmalari",
        summary: "Bayram haftasida minglab mahsulotlarga chegirmalar.",
        body: ["Navro'z haftasida katalogimizdagi ko'plab mahsulotlar chegirmada.", 'Chegirmali mahsulotlarni katalogdagi "Chegirmalar" bo\'limida toping.'],
      },
      ru: {
        title: "Скидки к Навруз",
        summary: "В праздничную неделю скидки на тысячи товаров.",
        body: ["В неделю Навруза многие товары каталога продаются со скидкой.", "Товары со скидкой собраны в разделе «Скидки» каталога."],
      },
      uk: {
        title: "Знижки до Наврузу",
        summary: "У святковий тиждень знижки на тисячі товарів.",
        body: ["У тиждень Наврузу багато товарів каталогу продаються зі знижкою.", "Товари зі знижкою зібрані в розділі «Знижки» каталогу."],
      },
    },
  },
  {
    id: 3,
    slug: "new-store-samarkand",
    date: "2026-04-05",
    texts: {
      uz: {
        title: "Samarqandda yangi do'kon",
        summary: "Samarqanddagi yangi do'konimizda buyurtmalarni olib ketish mumkin.",
        body: ["Samarqandda yangi do'konimiz ochildi.", "Saytda buyurtma berib, uni do'kondan bepul olib ketishingiz mumkin."],
      },
      ru: {
        title: "Новый магазин в Самарканде",
        summary: "Заказы теперь можно забирать в нашем новом магазине в Самарканде.",
        body: ["В Самарканде открылся наш новый магазин.", "Оформите заказ на сайте и заберите его в магазине бесплатно."],
      },
      uk: {
        title: "Новий магазин у Самарканді",
        summary: "Замовлення тепер можна забирати в нашому новому магазині в Самарканді.",
        body: ["У Самарканді відкрився наш новий магазин.", "Оформіть замовлення на сайті та заберіть його в магазині безкоштовно."],
      },
    },
  },
  {
    id: 4,
    slug: "kids-school-season",
    date: "2026-04-20",
    texts: {
      uz: {
        title: "Bolalar uchun yangi mavsum",
        summary: "Bolalar kiyimi va poyabzallarining yangi modellari.",
        body: [
          "Bolalar bo'limida yangi kiyim va poyabzal modellari paydo bo'ldi.",
          "Bolalar o'lchamlari bo'yi bo'yicha: jadvalni mahsulot sahifasida ko'ring.",
        ],
      },
      ru: {
        title: "Новый сезон для детей",
        summary: "Новые модели детской одежды и обуви.",
        body: ["В детском разделе появились новые модели одежды и обуви.", "Детские размеры указаны по росту: смотрите таблицу на странице товара."],
      },
      uk: {
        title: "Новий сезон для дітей",
        summary: "Нові моделі дитячого одягу та взуття.",
        body: ["У дитячому розділі з'явилися нові моделі одягу та взуття.", "Дитячі розміри вказано за зростом: дивіться таблицю на сторінці товару."],
      },
    },
  },
  {
    id: 5,
    slug: "club-card-bonuses",
    date: "2026-05-08",
    texts: {
      uz: {
        title: "Klub kartasi bilan bonuslar",
        summary: "Klub kartasi egalari uchun maxsus narxlar va bonuslar.",
        body: ["Klub kartasi egalari klub mahsulotlarini maxsus narxlarda xarid qiladi.", "Bonuslarni savatda ishlatish mumkin."],
      },
      ru: {
        title: "Бонусы с клубной картой",
        summary: "Особые цены и бонусы для владельцев клубной карты.",
        body: ["Владельцы клубной карты покупают клубные товары по особым ценам.", "Бонусы можно потратить в корзине."],
      },
      uk: {
        title: "Бонуси з клубною карткою",
        summary: "Особливі ціни та бонуси для власників клубної картки.",
        body: ["Власники клубної картки купують клубні товари за особливими цінами.", "Бонуси можна витратити в кошику."],
      },
    },
  },
  {
    id: 6,
    slug: "summer-footwear",
    date: "2026-06-01",
    texts: {
      uz: {
        title: "Yozgi poyabzallar",
        summary: "Issiq kunlar uchun yengil poyabzallar tanlovi.",
        body: ["Yozga tayyormisiz? Issiq kunlar uchun yengil va nafas oladigan poyabzallarni tanladik.", "Yetkazib berish O'zbekiston bo'ylab."],
      },
      ru: {
        title: "Летняя обувь",
        summary: "Подборка лёгкой обуви для жарких дней.",
        body: ["Готовы к лету? Мы подобрали лёгкую и дышащую обувь для жарких дней.", "Доставка по всему Узбекистану."],
      },
      uk: {
        title: "Літнє взуття",
        summary: "Добірка легкого взуття для спекотних днів.",
        body: ["Готові до літа? Ми дібрали легке взуття, що дихає, для спекотних днів.", "Доставка по всьому Узбекистану."],
      },
    },
  },
  {
    id: 7,
    slug: "gift-ideas",
    date: "2026-07-12",
    texts: {
      uz: {
        title: "Sovg'a g'oyalari",
        summary: "Yaqinlaringiz uchun sovg'a tanlashda yordam beramiz.",
        body: [
          "Sovg'a tanlash qiyinmi? Sumkalar, sharflar va kepkalar har doim yoqadi.",
          "Mahsulot sahifasida do'stingizga sovg'a haqida ishora qilishingiz mumkin.",
        ],
      },
      ru: {
        title: "Идеи подарков",
        summary: "Поможем выбрать подарок для близких.",
        body: ["Сложно выбрать подарок? Сумки, шарфы и кепки нравятся всегда.", "На странице товара можно намекнуть другу о подарке."],
      },
      uk: {
        title: "Ідеї подарунків",
        summary: "Допоможемо вибрати подарунок для близьких.",
        body: ["Важко вибрати подарунок? Сумки, шарфи та кепки подобаються завжди.", "На сторінці товару можна натякнути другові про подарунок."],
      },
    },
  },
  {
    id: 8,
    slug: "autumn-preview",
    date: "2026-09-01",
    texts: {
      uz: {
        title: "Kuz kolleksiyasiga bir nazar",
        summary: "Issiq kurtkalar va etiklar: kuzgi yangiliklar.",
        body: [
          "Kuz kolleksiyasining birinchi modellari katalogda.",
          "Yangi mahsulotlarni birinchilardan bo'lib ko'rish uchun katalogni yangilik bo'yicha saralang.",
        ],
      },
      ru: {
        title: "Первый взгляд на осеннюю коллекцию",
        summary: "Тёплые куртки и ботинки: осенние новинки.",
        body: ["Первые модели осенней коллекции уже в каталоге.", "Чтобы первыми видеть новинки, сортируйте каталог по новизне."],
      },
      uk: {
        title: "Перший погляд на осінню колекцію",
        summary: "Теплі куртки та черевики: осінні новинки.",
        body: ["Перші моделі осінньої колекції вже в каталозі.", "Щоб першими бачити новинки, сортуйте каталог за новизною."],
      },
    },
  },
];

/** The products an article shows: three of the catalogue's, spread over it by the article's id. */
export function newsProductIds(cat: Catalogue, newsId: number): number[] {
  const n = cat.products.length;
  return [0, 1, 2].map((k) => cat.products[(newsId * 7 + k * 11) % n]!.id);
}

export function newsStatements(cat: Catalogue, news: NewsSeed[] = NEWS): string[] {
  const rows = (values: (string | number)[][]) => values.map((v) => `(${v.map(sqlLiteral).join(", ")})`).join(", ");
  const firstImage = new Map<number, Catalogue["images"][number]>();
  for (const image of cat.images) {
    const seen = firstImage.get(image.product_id);
    if (!seen || image.position < seen.position) firstImage.set(image.product_id, image);
  }
  const articles = news.map((a) => {
    const cover = firstImage.get(newsProductIds(cat, a.id)[0]!)!;
    return [a.id, a.slug, Date.parse(`${a.date}T09:00:00Z`) / 1000, cover.url, cover.width, cover.height];
  });
  const texts = news.flatMap((a) => (Object.entries(a.texts) as [SeedLang, Text][]).map(([lang, t]) => [a.id, lang, t.title, t.summary, t.body.join("\n\n")]));
  const products = news.flatMap((a) => newsProductIds(cat, a.id).map((id, position) => [a.id, id, position]));
  return [
    `INSERT OR REPLACE INTO news (id, slug, published_at, cover_url, cover_width, cover_height) VALUES ${rows(articles)}`,
    `INSERT OR REPLACE INTO news_translations (news_id, lang, title, summary, body) VALUES ${rows(texts)}`,
    `INSERT OR REPLACE INTO news_products (news_id, product_id, position) VALUES ${rows(products)}`,
  ];
}
