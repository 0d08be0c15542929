import { env } from "cloudflare:workers";
import { createCookie } from "react-router";
import { expect } from "vitest";
import type { ProductRow } from "../../workers/seed/catalogue";
import { demoReviewCount } from "../../workers/seed/reviews";
import { createOpsKey, type OpsScope } from "~/ops/index.server";
import { CLUB, DEMO } from "../shared/accounts";
import { addressMaker } from "../shared/addresses";
import { catalogue, cookieOf, get, html, ORIGIN, post, skusOf } from "./helpers";

/**
 * What a Worker test sets up, each in one place: client addresses, products in
 * stock, shoppers (guests, signed up, signed in), carts with lines, orders,
 * reviews.
 * helpers.ts holds the requests and the HTML readers these are built on.
 */

// ——— A client address ———

/** An address no earlier request of this test file came from: the rate limits count per address. */
export const clientAddress = addressMaker(66);

/** A fresh client address as request headers. */
export const ip = () => ({ "CF-Connecting-IP": clientAddress() });

// ——— A product with sizes in stock ———

export type Sku = (typeof catalogue.skus)[number];

/**
 * A product a shopper can buy: priced, outside the club programme (unless
 * `club`), with at least `sizes` sizes of `stock` or more each (`skus`; `sku`
 * is the first). `offset` picks the next such product: give each test its own,
 * so the stock one test takes is not another's. Product 1 is left to the tests
 * that change its stock.
 */
export function buyable(
  offset = 0,
  { sizes = 1, stock = 3, club = false, vendor }: { sizes?: number; stock?: number; club?: boolean; vendor?: number } = {},
): { p: ProductRow; sku: Sku; skus: Sku[] } {
  const inStock = (p: ProductRow) => skusOf(p).filter((s) => s.stock >= stock);
  const list = catalogue.products.filter(
    (p) => p.id > 1 && p.sale_price > 0 && Boolean(p.in_club) === club && (vendor === undefined || p.vendor_id === vendor) && inStock(p).length >= sizes,
  );
  const p = list[offset];
  if (!p) throw new Error(`the seed has ${list.length} products with ${sizes} sizes of ${stock} in stock (club ${club}), not ${offset + 1}`);
  const skus = inStock(p);
  return { p, sku: skus[0]!, skus };
}

/** The stock of a sku now, in D1. */
export const stockOf = async (skuId: number) => (await env.DB.prepare("SELECT stock FROM skus WHERE id = ?").bind(skuId).first<{ stock: number }>())!.stock;

// ——— A shopper ———

export type CartLine = { purchasableId: number; quantity: number };

/**
 * A shopper with a cookie jar of the session's cookie (`cookie`) and the one-time flash's: a
 * guest until signed up or in (`signUp`, `signIn`). Every request comes from a client address
 * of its own, so no limit counted per address is reached by accident.
 */
export class Shopper {
  cookie: string | undefined;
  /** The flash an answer set (the popup after an add without JavaScript), sent until a page takes it. */
  flash: string | undefined;
  constructor(cookie?: string) {
    this.cookie = cookie;
  }

  protected headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookies = [this.cookie, this.flash].filter(Boolean).join("; ");
    return { ...(cookies ? { Cookie: cookies } : {}), ...ip(), ...extra };
  }

  /** Keeps the cookies an answer set. */
  protected keep(res: Response): void {
    this.cookie = cookieOf(res) ?? this.cookie;
    const flash = res.headers.getSetCookie().find((c) => c.startsWith("__flash="));
    if (flash) this.flash = /Max-Age=0/i.test(flash) ? undefined : flash.split(";")[0];
  }

  /** A page (or any GET) with this shopper's cookies: the answer and its body. */
  async get(path: string, headers: Record<string, string> = {}) {
    const page = await html(path, { headers: this.headers(headers) });
    this.keep(page.res);
    return page;
  }

  /** A same-origin form POST, as a page's form sends it; keeps the cookies it is given. */
  async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const res = await post(path, fields, { cookie: this.headers().Cookie, headers: { ...ip(), ...headers } });
    this.keep(res);
    return res;
  }

  /** A JSON POST, as the shop's JSON calls are sent; keeps the cookie it is given. */
  async postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await get(path, {
      method: "POST",
      body: JSON.stringify(body),
      headers: this.headers({ "Content-Type": "application/json", Origin: ORIGIN, ...headers }),
    });
    this.keep(res);
    return res;
  }

  /** Adds a size through the cart's form as a page without JavaScript does (303 to `redirectTo`, the cart unless given). */
  async add(skuId: number, quantity = 1, fields: Record<string, string> = {}) {
    const res = await this.post("/cart", { intent: "add", purchasableId: String(skuId), quantity: String(quantity), redirectTo: "/cart", ...fields });
    expect(res.status, `add of sku ${skuId}`).toBe(303);
    return res;
  }

  /** The cart through GET /api/cart: the answer (its X-Cart-* headers) and the lines. */
  async cart(): Promise<{ res: Response; lines: CartLine[] }> {
    const res = await get("/api/cart", { headers: this.headers() });
    return { res, lines: (await res.json()) as CartLine[] };
  }

  /** Places the cart as an order through POST /order/request (JSON; `order()` gives valid fields). */
  place(fields: Record<string, unknown>, accept = "application/json") {
    return get("/order/request?lang=ru", {
      method: "POST",
      body: JSON.stringify(fields),
      headers: this.headers({ "Content-Type": "application/json", Accept: accept, Origin: ORIGIN }),
    });
  }
}

// ——— A shopper signed up and signed in ———

export { CLUB, DEMO };

/** A signed-up shopper: a Shopper with its account (`signIn(member)` signs it in again). */
export class Member extends Shopper {
  declare cookie: string;
  readonly id: number;
  readonly email: string;
  readonly password: string;
  constructor(cookie: string, account: { id: number; email: string; password: string }) {
    super(cookie);
    this.id = account.id;
    this.email = account.email;
    this.password = account.password;
  }
  get login() {
    return this.email;
  }
}

let people = 0;
const sessionCookie = createCookie("__session", { secrets: ["test-session-secret"] });

/**
 * A new account, signed in: through the sign-up form (from an address of its
 * own; `as` is the guest who signs up, whose cart and checkout choices join
 * the account). `quick` writes the user and a session straight to D1 instead
 * (no password, no hashing): for tests that need dozens of shoppers.
 */
export async function signUp(
  options: { email?: string; password?: string; firstName?: string; lang?: "uz" | "ru" | "uk"; as?: { cookie?: string }; quick?: boolean } = {},
): Promise<Member> {
  const { password = "long-enough", firstName = "Test", lang = "uz", as, quick = false } = options;
  const email = options.email ?? `shopper-${++people}-${crypto.randomUUID().slice(0, 8)}@example.uz`;
  if (quick) {
    const user = (await env.DB.prepare("INSERT INTO users (email, first_name) VALUES (?, ?) RETURNING id").bind(email, firstName).first<{ id: number }>())!;
    const sid = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?)")
      .bind(sid, JSON.stringify({ userId: user.id }), Math.floor(Date.now() / 1000) + 3600)
      .run();
    return new Member((await sessionCookie.serialize(sid)).split(";")[0]!, { id: user.id, email, password: "" });
  }
  const res = await post(`${lang === "uz" ? "" : `/${lang}`}/signup`, { firstName, email, password }, { cookie: as?.cookie, headers: ip() });
  expect(res.status, `sign-up of ${email}`).toBe(303);
  const user = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email.toLowerCase()).first<{ id: number }>();
  return new Member(cookieOf(res)!, { id: user!.id, email, password });
}

/** Signs in through the login form; `as` is the guest who signs in, whose cart and checkout choices join the account's. */
export async function signIn(account: { login: string; password: string }, as?: { cookie?: string }): Promise<Shopper> {
  const res = await post("/login", { login: account.login, password: account.password }, { cookie: as?.cookie, headers: ip() });
  expect(res.status, `login of ${account.login}`).toBe(303);
  return new Shopper(cookieOf(res)!);
}

// ——— A cart with lines ———

/**
 * A cart with lines: `shopper` (a new guest unless given) adds one of
 * `buyable(from)`, `buyable(from + 1)`, … until the cart has `lines` lines and
 * is worth at least `worth` (sale prices). Answers the shopper, the products
 * added and their sum.
 */
export async function cartWith({
  lines = 1,
  worth = 0,
  from = 0,
  shopper = new Shopper(),
}: {
  lines?: number;
  worth?: number;
  from?: number;
  shopper?: Shopper;
} = {}): Promise<{
  s: Shopper;
  added: ReturnType<typeof buyable>[];
  total: number;
}> {
  const added: ReturnType<typeof buyable>[] = [];
  let total = 0;
  for (let i = from; added.length < lines || total < worth; i++) {
    const product = buyable(i);
    await shopper.add(product.sku.id);
    added.push(product);
    total += product.p.sale_price;
  }
  return { s: shopper, added, total };
}

// ——— An order ———

/** Valid fields of a placement (courier in Tashkent, cash); `key` is its idempotency key. */
export const order = (key: string, extra: Record<string, unknown> = {}) => ({
  name: "Dilnoza",
  phone: "+998 90 123 45 67",
  cityId: 1,
  deliveryTypeId: 1,
  street: "Amir Temur",
  house: "15",
  flat: "4",
  paymentMethod: "cash",
  idempotencyKey: key,
  ...extra,
});

// ——— The operations API ———

/** A new operations API key for a client of its own (each call a new name), with these scopes. */
export async function opsKey(scopes: OpsScope[], name = `erp-${++opsClients}`): Promise<string> {
  return (await createOpsKey(env.DB, name, scopes)).key;
}
let opsClients = 0;

/** A call of the operations API with `key` (none: no Authorization), as the shop's systems send it; JSON bodies. */
export function ops(path: string, key: string | null, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const { method = init.body === undefined ? "GET" : "POST", body, headers = {} } = init;
  return get(path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...ip(),
      ...headers,
    },
  });
}

// ——— Reviews ———

/** `GET /v2/product-review`'s answer, as the review tests read it. */
export type ReviewsAnswer = {
  calculated_values: { rating: number; ratingPercentage: number; reviews_count: number };
  reviews: {
    id: number;
    rating: number;
    text: string;
    likes: number;
    dislikes: number;
    user_like: number;
    user_dislike: number;
    comment_date: string;
    confirmed: boolean;
    pending: boolean;
    rejected_reason: string | null;
    order_in_size: string | null;
    order_in_color: string | null;
  }[];
  countReview: number;
  matching_parameters: { id: number; name: string; values: { id: number; name: string }[] }[];
};

/** A product (not the first) the demo seed gave `count` reviews. */
export const productWithReviews = (count: number) => catalogue.products.find((_, i) => demoReviewCount(i) === count && i > 0)!;

/** A product's reviews as the API answers them (ru unless `headers` say otherwise); `query` adds to its parameters. */
export async function readReviews(productId: number, query = "", headers: Record<string, string> = {}): Promise<ReviewsAnswer> {
  const res = await get(`/v2/product-review?product_id=${productId}${query}`, { headers: { "Accept-Language": "ru-RU", ...headers } });
  expect(res.status).toBe(200);
  return (await res.json()) as ReviewsAnswer;
}

/** A review sent through the JSON API as the widget sends it (a captcha token, its type, the shopper's cookie). */
export function publishReview(
  cookie: string | null,
  reviewData: Record<string, unknown>,
  token: string | undefined = "XXXX.DUMMY.TOKEN.XXXX",
  lang = "ru-RU",
  tokenType = "invisible",
) {
  return get("/v2/product-review", {
    method: "POST",
    body: JSON.stringify({ reviewData, token, tokenType, operationType: "publishReview" }),
    headers: { "Content-Type": "application/json", "Accept-Language": lang, Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}), ...ip() },
  });
}

/** A like or dislike (or neither) of a review, as the widget sends it. */
export function reactTo(cookie: string | null, reviewId: number, like: 0 | 1, dislike: 0 | 1) {
  return get("/reaction?lang=ru", {
    method: "POST",
    body: JSON.stringify({ product_review_id: reviewId, user_like: like, user_dislike: dislike }),
    headers: { "Content-Type": "application/json", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}), ...ip() },
  });
}
