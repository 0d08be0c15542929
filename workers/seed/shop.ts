/**
 * The demo shop's data besides the catalogue: cities, delivery types and the
 * delivery cost matrix, promo codes, and demo accounts with a club card.
 * Every statement is an upsert, so loading it again is a no-op.
 */
import { sqlLiteral } from "./catalogue.ts";

export type CityRow = { id: number; ref: string; position: number; name_uz: string; name_ru: string; name_uk: string };
export type DeliveryTypeRow = {
  id: number;
  uuid: string;
  type: "courier" | "pickup" | "post";
  icon: string;
  position: number;
  status: number;
  need_payment: number;
  title_uz: string;
  title_ru: string;
  title_uk: string;
  /** Notes shown as tooltips beside the type, per language. */
  info?: [uz: string[], ru: string[], uk: string[]];
  /** The receipt line of the delivery's price: its MXIK (IKPU, 17 digits), package code and VAT rate in percent. */
  ikpu: string | null;
  package_code: string | null;
  vat_percent: number;
};
export type DeliveryCostRow = {
  delivery_type_id: number;
  city_map_id: string;
  delivery_price: number;
  minimum_amount_of_free_shipping: number;
  estimated_delivery_time_uz: string;
  estimated_delivery_time_ru: string;
  estimated_delivery_time_uk: string;
};
export type PromoRow = {
  id: number;
  code: string;
  kind: "percent" | "amount";
  value: number;
  min_order: number;
  expires_at: number | null;
  once_per_account: number;
  active: number;
};

export const CITIES: CityRow[] = [
  { id: 1, ref: "tashkent", position: 1, name_uz: "Toshkent", name_ru: "Ташкент", name_uk: "Ташкент" },
  { id: 2, ref: "samarkand", position: 2, name_uz: "Samarqand", name_ru: "Самарканд", name_uk: "Самарканд" },
  { id: 3, ref: "bukhara", position: 3, name_uz: "Buxoro", name_ru: "Бухара", name_uk: "Бухара" },
  { id: 4, ref: "andijan", position: 4, name_uz: "Andijon", name_ru: "Андижан", name_uk: "Андижан" },
  { id: 5, ref: "namangan", position: 5, name_uz: "Namangan", name_ru: "Наманган", name_uk: "Наманган" },
  { id: 6, ref: "fergana", position: 6, name_uz: "Farg\u2018ona", name_ru: "Фергана", name_uk: "Фергана" },
  { id: 7, ref: "nukus", position: 7, name_uz: "Nukus", name_ru: "Нукус", name_uk: "Нукус" },
  { id: 8, ref: "karshi", position: 8, name_uz: "Qarshi", name_ru: "Карши", name_uk: "Карші" },
  // The other regions' main cities: with those above, one for each of the 14 regions.
  { id: 9, ref: "nurafshon", position: 9, name_uz: "Nurafshon", name_ru: "Нурафшан", name_uk: "Нурафшан" },
  { id: 10, ref: "jizzakh", position: 10, name_uz: "Jizzax", name_ru: "Джизак", name_uk: "Джизак" },
  { id: 11, ref: "urgench", position: 11, name_uz: "Urganch", name_ru: "Ургенч", name_uk: "Ургенч" },
  { id: 12, ref: "navoiy", position: 12, name_uz: "Navoiy", name_ru: "Навои", name_uk: "Навої" },
  { id: 13, ref: "termez", position: 13, name_uz: "Termiz", name_ru: "Термез", name_uk: "Термез" },
  { id: 14, ref: "gulistan", position: 14, name_uz: "Guliston", name_ru: "Гулистан", name_uk: "Гулістан" },
];

/** The MXIK (IKPU) of a delivery service, its package code (one service) and the general VAT rate. */
const DELIVERY_RECEIPT = { ikpu: "10112006002000000", package_code: "1545643", vat_percent: 12 } as const;

export const DELIVERY_TYPES: DeliveryTypeRow[] = [
  {
    id: 1,
    uuid: "courier",
    type: "courier",
    icon: "truck",
    position: 1,
    status: 1,
    need_payment: 1,
    title_uz: "Kuryer orqali",
    title_ru: "Курьером",
    title_uk: "Кур'єром",
    ...DELIVERY_RECEIPT,
    info: [
      ["Kuryer yetkazishdan bir soat oldin qo'ng'iroq qiladi.", "Kiyimni to'lovdan oldin kiyib ko'rish mumkin."],
      ["Курьер позвонит за час до доставки.", "Вещи можно примерить до оплаты."],
      ["Кур'єр зателефонує за годину до доставки.", "Речі можна приміряти до оплати."],
    ],
  },
  {
    id: 2,
    uuid: "pickup",
    type: "pickup",
    icon: "store",
    position: 2,
    status: 1,
    need_payment: 0,
    title_uz: "Do\u2018kondan olib ketish",
    title_ru: "Самовывоз из магазина",
    title_uk: "Самовивіз із магазину",
    ...DELIVERY_RECEIPT,
  },
  {
    id: 3,
    uuid: "post",
    type: "post",
    icon: "post",
    position: 3,
    status: 1,
    need_payment: 1,
    title_uz: "Pochta orqali",
    title_ru: "Почтой",
    title_uk: "Поштою",
    ...DELIVERY_RECEIPT,
    info: [
      ["Buyurtmani olish uchun pasport kerak.", "Bo'lim buyurtmani 14 kun saqlaydi."],
      ["Для получения нужен паспорт.", "Отделение хранит заказ 14 дней."],
      ["Для отримання потрібен паспорт.", "Відділення зберігає замовлення 14 днів."],
    ],
  },
  // Disabled types stay in the data and out of every list.
  {
    id: 4,
    uuid: "express",
    type: "courier",
    icon: "truck",
    position: 4,
    status: 0,
    need_payment: 1,
    title_uz: "Tezkor kuryer",
    title_ru: "Экспресс-курьер",
    title_uk: "Експрес-кур'єр",
    ...DELIVERY_RECEIPT,
  },
];

const days = (from: number, to: number) => {
  const range = from === to ? `${from}` : `${from}–${to}`;
  return { estimated_delivery_time_uz: `${range} kun`, estimated_delivery_time_ru: `${range} дн.`, estimated_delivery_time_uk: `${range} дн.` };
};

export const DELIVERY_COSTS: DeliveryCostRow[] = [
  // Courier: three cities only (no another_city row: not offered elsewhere).
  { delivery_type_id: 1, city_map_id: "1", delivery_price: 25_000, minimum_amount_of_free_shipping: 500_000, ...days(1, 2) },
  { delivery_type_id: 1, city_map_id: "2", delivery_price: 35_000, minimum_amount_of_free_shipping: 700_000, ...days(2, 3) },
  { delivery_type_id: 1, city_map_id: "3", delivery_price: 35_000, minimum_amount_of_free_shipping: 700_000, ...days(2, 4) },
  // Pickup: free, in the cities with a store.
  { delivery_type_id: 2, city_map_id: "1", delivery_price: 0, minimum_amount_of_free_shipping: 0, ...days(1, 1) },
  { delivery_type_id: 2, city_map_id: "2", delivery_price: 0, minimum_amount_of_free_shipping: 0, ...days(2, 3) },
  // Post: everywhere through the fallback row; Tashkent is cheaper.
  { delivery_type_id: 3, city_map_id: "1", delivery_price: 20_000, minimum_amount_of_free_shipping: 800_000, ...days(2, 3) },
  { delivery_type_id: 3, city_map_id: "another_city", delivery_price: 30_000, minimum_amount_of_free_shipping: 800_000, ...days(3, 7) },
  { delivery_type_id: 4, city_map_id: "another_city", delivery_price: 60_000, minimum_amount_of_free_shipping: 0, ...days(1, 1) },
];

/** 2024-01-01: an expired code's end. */
const EXPIRED = 1_704_067_200;

type PointRow = {
  id: number;
  ref: string;
  city_id: number;
  delivery_type_id: number;
  number: number | null;
  title: [uz: string, ru: string, uk: string];
  label?: [uz: string, ru: string, uk: string];
  address: [uz: string, ru: string, uk: string];
  phone?: string;
  schedule?: [uz: string, ru: string, uk: string];
};

const STORE_HOURS: [string, string, string] = ["Har kuni 10:00–22:00", "Ежедневно 10:00–22:00", "Щодня 10:00–22:00"];
const office = (id: number, city: number, n: number, address: PointRow["address"]): PointRow => ({
  id,
  ref: `post-${city}-${n}`,
  city_id: city,
  delivery_type_id: 3,
  number: n,
  title: [`${n}-son pochta bo\u2018limi`, `Почтовое отделение № ${n}`, `Поштове відділення № ${n}`],
  address,
  schedule: ["Du–Sh 9:00–18:00", "Пн–Сб 9:00–18:00", "Пн–Сб 9:00–18:00"],
});

/**
 * Stores (pickup) in the cities the cost matrix offers pickup in, and numbered
 * post offices: at least one in every city, as post is offered everywhere (a
 * type is only offered in a city with a point of it).
 */
export const DELIVERY_POINTS: PointRow[] = [
  {
    id: 1,
    ref: "store-samarkand-darvoza",
    city_id: 1,
    delivery_type_id: 2,
    number: null,
    title: ["Libos Darvoza", "Libos Дарвоза", "Libos Дарвоза"],
    label: ["Samarqand Darvoza SM", "ТЦ Samarqand Darvoza", "ТЦ Samarqand Darvoza"],
    address: ["Toshkent, Qoratosh ko\u2018chasi, 5A", "Ташкент, улица Караташ, 5A", "Ташкент, вулиця Караташ, 5A"],
    phone: "+998712000101",
    schedule: STORE_HOURS,
  },
  {
    id: 2,
    ref: "store-next",
    city_id: 1,
    delivery_type_id: 2,
    number: null,
    title: ["Libos Next", "Libos Next", "Libos Next"],
    label: ["Next SM", "ТРЦ Next", "ТРЦ Next"],
    address: ["Toshkent, Bobur ko\u2018chasi, 6", "Ташкент, улица Бабура, 6", "Ташкент, вулиця Бабура, 6"],
    phone: "+998712000102",
    schedule: STORE_HOURS,
  },
  {
    id: 3,
    ref: "store-compass",
    city_id: 1,
    delivery_type_id: 2,
    number: null,
    title: ["Libos Compass", "Libos Compass", "Libos Compass"],
    label: ["Compass SM", "ТРЦ Compass", "ТРЦ Compass"],
    address: ["Toshkent, Halqa yo\u2018li, 17", "Ташкент, Кольцевая дорога, 17", "Ташкент, Кільцева дорога, 17"],
    phone: "+998712000103",
    schedule: STORE_HOURS,
  },
  {
    id: 4,
    ref: "store-family-park",
    city_id: 2,
    delivery_type_id: 2,
    number: null,
    title: ["Libos Family Park", "Libos Family Park", "Libos Family Park"],
    label: ["Family Park SM", "ТРЦ Family Park", "ТРЦ Family Park"],
    address: ["Samarqand, Universitet xiyoboni, 1", "Самарканд, Университетский бульвар, 1", "Самарканд, Університетський бульвар, 1"],
    phone: "+998662000104",
    schedule: STORE_HOURS,
  },
  office(10, 1, 12, ["Toshkent, Amir Temur ko\u2018chasi, 41", "Ташкент, проспект Амира Темура, 41", "Ташкент, проспект Аміра Темура, 41"]),
  office(11, 1, 2, ["Toshkent, Navoiy ko\u2018chasi, 7", "Ташкент, улица Навои, 7", "Ташкент, вулиця Навої, 7"]),
  office(12, 1, 101, ["Toshkent, Chilonzor 9-mavze, 3", "Ташкент, Чиланзар, 9-й квартал, 3", "Ташкент, Чиланзар, 9-й квартал, 3"]),
  office(13, 1, 25, ["Toshkent, Shota Rustaveli ko\u2018chasi, 12", "Ташкент, улица Шота Руставели, 12", "Ташкент, вулиця Шота Руставелі, 12"]),
  office(14, 1, 1, ["Toshkent, Mustaqillik maydoni, 2", "Ташкент, площадь Мустакиллик, 2", "Ташкент, площа Мустакілліка, 2"]),
  office(15, 2, 14, ["Samarqand, Registon ko\u2018chasi, 8", "Самарканд, улица Регистан, 8", "Самарканд, вулиця Регістан, 8"]),
  office(16, 2, 3, ["Samarqand, Dagbitskaya ko\u2018chasi, 20", "Самарканд, улица Дагбитская, 20", "Самарканд, вулиця Дагбітська, 20"]),
  office(17, 3, 10, ["Buxoro, Navoiy shoh ko\u2018chasi, 4", "Бухара, проспект Навои, 4", "Бухара, проспект Навої, 4"]),
  office(18, 3, 2, ["Buxoro, Mustaqillik ko\u2018chasi, 15", "Бухара, улица Мустакиллик, 15", "Бухара, вулиця Мустакілліка, 15"]),
  office(19, 4, 1, ["Andijon, Bobur shoh ko\u2018chasi, 10", "Андижан, проспект Бабура, 10", "Андижан, проспект Бабура, 10"]),
  office(20, 5, 1, ["Namangan, Navoiy ko\u2018chasi, 36", "Наманган, улица Навои, 36", "Наманган, вулиця Навої, 36"]),
  office(21, 6, 1, ["Farg\u2018ona, Mustaqillik ko\u2018chasi, 5", "Фергана, улица Мустакиллик, 5", "Фергана, вулиця Мустакілліка, 5"]),
  office(22, 7, 1, ["Nukus, Qoraqalpog\u2018iston ko\u2018chasi, 20", "Нукус, улица Каракалпакстан, 20", "Нукус, вулиця Каракалпакстан, 20"]),
  office(23, 8, 1, ["Qarshi, Islom Karimov ko\u2018chasi, 11", "Карши, улица Ислама Каримова, 11", "Карші, вулиця Іслама Карімова, 11"]),
  office(24, 9, 1, ["Nurafshon, Toshkent yo\u2018li, 2", "Нурафшан, Ташкентская дорога, 2", "Нурафшан, Ташкентська дорога, 2"]),
  office(25, 10, 1, ["Jizzax, Sharof Rashidov ko\u2018chasi, 7", "Джизак, улица Шарафа Рашидова, 7", "Джизак, вулиця Шарафа Рашидова, 7"]),
  office(26, 11, 1, ["Urganch, Al-Xorazmiy ko\u2018chasi, 9", "Ургенч, улица Аль-Хорезми, 9", "Ургенч, вулиця Аль-Хорезмі, 9"]),
  office(27, 12, 1, ["Navoiy, G\u2018alaba shoh ko\u2018chasi, 14", "Навои, проспект Галаба, 14", "Навої, проспект Галаба, 14"]),
  office(28, 13, 1, ["Termiz, At-Termiziy ko\u2018chasi, 3", "Термез, улица Ат-Термизи, 3", "Термез, вулиця Ат-Термізі, 3"]),
  office(29, 14, 1, ["Guliston, Sirdaryo ko\u2018chasi, 6", "Гулистан, Сырдарьинская улица, 6", "Гулістан, Сирдар\u2019їнська вулиця, 6"]),
];

/** Tashkent streets (the courier's address select) with post codes by house ranges. */
export const STREETS: { id: number; ref: string; city_id: number; title: [string, string, string]; codes: [from: number, to: number, code: string][] }[] = [
  {
    id: 1,
    ref: "amir-temur",
    city_id: 1,
    title: ["Amir Temur shoh ko\u2018chasi", "проспект Амира Темура", "проспект Аміра Темура"],
    codes: [
      [1, 60, "100000"],
      [61, 200, "100084"],
    ],
  },
  {
    id: 2,
    ref: "navoiy",
    city_id: 1,
    title: ["Alisher Navoiy ko\u2018chasi", "улица Алишера Навои", "вулиця Алішера Навої"],
    codes: [
      [1, 40, "100011"],
      [41, 120, "100017"],
    ],
  },
  { id: 3, ref: "bobur", city_id: 1, title: ["Bobur ko\u2018chasi", "улица Бабура", "вулиця Бабура"], codes: [[1, 100, "100100"]] },
  {
    id: 4,
    ref: "shota-rustaveli",
    city_id: 1,
    title: ["Shota Rustaveli ko\u2018chasi", "улица Шота Руставели", "вулиця Шота Руставелі"],
    codes: [[1, 150, "100070"]],
  },
  {
    id: 5,
    ref: "mustaqillik",
    city_id: 1,
    title: ["Mustaqillik shoh ko\u2018chasi", "проспект Мустакиллик", "проспект Мустакілліка"],
    codes: [
      [1, 90, "100000"],
      [91, 300, "100077"],
    ],
  },
  {
    id: 6,
    ref: "bunyodkor",
    city_id: 1,
    title: ["Bunyodkor shoh ko\u2018chasi", "проспект Бунёдкор", "проспект Буньодкор"],
    codes: [
      [1, 50, "100043"],
      [51, 200, "100097"],
    ],
  },
  { id: 7, ref: "chilonzor", city_id: 1, title: ["Chilonzor ko\u2018chasi", "улица Чиланзар", "вулиця Чиланзар"], codes: [[1, 120, "100115"]] },
  { id: 8, ref: "qoratosh", city_id: 1, title: ["Qoratosh ko\u2018chasi", "улица Караташ", "вулиця Караташ"], codes: [[1, 40, "100027"]] },
  { id: 9, ref: "registon", city_id: 2, title: ["Registon ko\u2018chasi", "улица Регистан", "вулиця Регістан"], codes: [[1, 80, "140100"]] },
];

export const PROMO_CODES: PromoRow[] = [
  { id: 1, code: "SALE10", kind: "percent", value: 10, min_order: 0, expires_at: null, once_per_account: 0, active: 1 },
  { id: 2, code: "MINUS50K", kind: "amount", value: 50_000, min_order: 300_000, expires_at: null, once_per_account: 0, active: 1 },
  { id: 3, code: "OLD20", kind: "percent", value: 20, min_order: 0, expires_at: EXPIRED, once_per_account: 0, active: 1 },
  { id: 4, code: "WELCOME15", kind: "percent", value: 15, min_order: 0, expires_at: null, once_per_account: 1, active: 1 },
  { id: 5, code: "BIG100K", kind: "amount", value: 100_000, min_order: 2_000_000, expires_at: null, once_per_account: 0, active: 1 },
];

export type DemoAccount = { email: string; password: string; firstName: string; clubCard: string | null; bonuses: number };

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: "club@libos.uz", password: "Club-demo-1", firstName: "Malika", clubCard: "LIBOS-0001-2026", bonuses: 150_000 },
  { email: "demo@libos.uz", password: "Demo-pass-1", firstName: "Aziz", clubCard: null, bonuses: 0 },
];

function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

/** The app's password format (app/auth/password.server.ts), with a salt derived from the e-mail so the seed is deterministic. */
export async function demoPasswordHash(email: string, password: string): Promise<string> {
  const enc = new TextEncoder();
  const salt = new Uint8Array(await crypto.subtle.digest("SHA-256", enc.encode(`demo-salt:${email}`))).slice(0, 16);
  const key = await crypto.subtle.importKey("raw", enc.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: 100_000 }, key, 256);
  return `pbkdf2-sha256$100000$${toBase64(salt)}$${toBase64(new Uint8Array(bits))}`;
}

const row = (values: (string | number | null)[]) => `(${values.map(sqlLiteral).join(", ")})`;

/** Upserts (no trailing semicolons): delivery data, promo codes, demo accounts (card and bonuses reset each load). */
export async function shopStatements(): Promise<string[]> {
  const out = [
    `INSERT OR REPLACE INTO cities (id, ref, position, name_uz, name_ru, name_uk) VALUES\n${CITIES.map((c) => row([c.id, c.ref, c.position, c.name_uz, c.name_ru, c.name_uk])).join(",\n")}`,
    `INSERT OR REPLACE INTO delivery_types (id, uuid, type, icon, position, status, need_payment, title_uz, title_ru, title_uk, info_uz, info_ru, info_uk, ikpu, package_code, vat_percent) VALUES\n${DELIVERY_TYPES.map(
      (d) =>
        row([
          d.id,
          d.uuid,
          d.type,
          d.icon,
          d.position,
          d.status,
          d.need_payment,
          d.title_uz,
          d.title_ru,
          d.title_uk,
          ...(d.info ?? [[], [], []]).map((i) => JSON.stringify(i)),
          d.ikpu,
          d.package_code,
          d.vat_percent,
        ]),
    ).join(",\n")}`,
    `INSERT OR REPLACE INTO delivery_costs (delivery_type_id, city_map_id, delivery_price, minimum_amount_of_free_shipping, estimated_delivery_time_uz, estimated_delivery_time_ru, estimated_delivery_time_uk) VALUES\n${DELIVERY_COSTS.map(
      (c) =>
        row([
          c.delivery_type_id,
          c.city_map_id,
          c.delivery_price,
          c.minimum_amount_of_free_shipping,
          c.estimated_delivery_time_uz,
          c.estimated_delivery_time_ru,
          c.estimated_delivery_time_uk,
        ]),
    ).join(",\n")}`,
    `INSERT OR REPLACE INTO delivery_points (id, ref, city_id, delivery_type_id, number, title_uz, title_ru, title_uk, label_uz, label_ru, label_uk, address_uz, address_ru, address_uk, phone, schedule_uz, schedule_ru, schedule_uk) VALUES\n${DELIVERY_POINTS.map(
      (p) =>
        row([
          p.id,
          p.ref,
          p.city_id,
          p.delivery_type_id,
          p.number,
          ...p.title,
          ...(p.label ?? ["", "", ""]),
          ...p.address,
          p.phone ?? "",
          ...(p.schedule ?? ["", "", ""]),
        ]),
    ).join(",\n")}`,
    `INSERT OR REPLACE INTO streets (id, ref, city_id, title_uz, title_ru, title_uk) VALUES\n${STREETS.map((x) => row([x.id, x.ref, x.city_id, ...x.title])).join(",\n")}`,
    `INSERT OR REPLACE INTO post_codes (street_id, house_from, house_to, post_code) VALUES\n${STREETS.flatMap((x) => x.codes.map(([from, to, code]) => row([x.id, from, to, code]))).join(",\n")}`,
    `INSERT OR REPLACE INTO promo_codes (id, code, kind, value, min_order, expires_at, once_per_account, active) VALUES\n${PROMO_CODES.map((p) =>
      row([p.id, p.code, p.kind, p.value, p.min_order, p.expires_at, p.once_per_account, p.active]),
    ).join(",\n")}`,
  ];
  for (const a of DEMO_ACCOUNTS) {
    const hash = await demoPasswordHash(a.email, a.password);
    out.push(
      `INSERT INTO users (email, password_hash, first_name, email_confirmed_at, club_card, bonus_balance) VALUES ${row([a.email, hash, a.firstName, 1_767_225_600, a.clubCard, a.bonuses])}
       ON CONFLICT(email) DO UPDATE SET password_hash = excluded.password_hash, club_card = excluded.club_card, bonus_balance = excluded.bonus_balance`,
    );
  }
  return out;
}
