import type { RouterContextProvider } from "react-router";
import type { OwnerRef } from "~/server/session.server";
import type { TFunction } from "~/i18n/translate";
import { getApp } from "~/server/context.server";
import { checkoutAllowed, checkoutMaxItems } from "~/cart/index";
import { type CartView, cartSql, cartViewOf, cartViewStatements, getCartView, setDelivery } from "~/cart/index.server";
import { getCartId, getOwnerRef, getShopper } from "~/server/request.server";
import {
  cartCityPoints,
  cartCityStreets,
  cartPointStatement,
  cityExists,
  type DeliveryPoint,
  deliveryOptions,
  pointOf,
  postCodeOf,
  type Street,
  streetIdOf,
} from "~/delivery/index.server";
import { type FormReply, parseForm } from "~/forms/parse.server";
import type { Lang } from "~/i18n/languages";
import { isOnline, placeOrderSchema } from "~/orders/index";
import {
  type Order,
  orderByKeyStatements,
  orderOf,
  type PlaceRefusal,
  paymentAllowed,
  placeOrder,
  type Provider,
  providersOf,
  receiptReady,
  receiptRefusal,
  type SavedAddress,
  savedAddressStatement,
} from "~/orders/index.server";
import { firstRow } from "~/server/db.server";
import { clientAddress } from "~/server/rate-limit.server";
import type { z } from "zod";
import {
  clearDraftStatement,
  type Draft,
  draftColumnSql,
  draftOrder,
  draftRead,
  draftReadStatement,
  getDraft,
  saveAddress,
  saveContacts,
  savePayment,
} from "./draft.server";
import { citySchema, contactsSchema, deliveryStepSchema, paymentStepSchema, placeStepSchema } from "./schema";

export const STEPS = ["contacts", "delivery", "payment", "review"] as const;
export type Step = (typeof STEPS)[number];

export type CheckoutData = {
  view: CartView;
  draft: Draft;
  /** What the account knows, to fill the contacts step (a guest: nothing). */
  account: { name: string; phone: string; email: string; addresses: { id: number; label: string }[] } | null;
  /** The stores or post offices of the chosen city and type (pickup, post). */
  points: DeliveryPoint[];
  /** Every point-served type's stores or post offices in the city (each type's row has its own select). */
  pointsByType: Record<number, DeliveryPoint[]>;
  /** The known streets of the chosen city (courier), suggested as the street is typed. */
  streets: Street[];
  done: Record<Exclude<Step, "review">, boolean>;
  open: Step;
  /** The providers online payment is offered through (none configured: not offered). */
  providers: Provider[];
  /** Whether every line has its receipt codes: without them the cart cannot be paid online. */
  receiptReady: boolean;
};

/**
 * What the checkout reads of an account: the caller passes the account
 * feature's reader (the checkout does not import it: signing in, which joins a
 * guest's draft to the account, imports the checkout).
 */
export type AccountReader = (owner: OwnerRef) => Promise<{
  details: { firstName: string; lastName: string | null; phone: string | null; email: string | null };
  addresses: { id: number; city: string; street: string; house: string; apartment: string }[];
} | null>;

type Ctx = { env: Env; lang: Lang; cartId: number; userId: number | null; guestKey: string | null; address: string; t: TFunction };

/** What every checkout step works with: the shopper's cart, who owns it, the client's address; null when there is no cart. */
export async function checkoutContext(context: Readonly<RouterContextProvider>, lang: Lang, t: TFunction): Promise<Ctx | null> {
  const { env, request } = getApp(context);
  const [shopper, cartId] = await Promise.all([getShopper(context), getCartId(context)]);
  if (cartId === null) return null;
  return { env, lang, cartId, userId: shopper.owner.userId, guestKey: shopper.owner.guestKey, address: clientAddress(request), t };
}

function doneSteps(env: Env, view: CartView, draft: Draft): CheckoutData["done"] {
  const option = view.deliveryOptions.find((o) => o.id === view.deliveryTypeId);
  return {
    contacts: Boolean(draft.name && draft.phone),
    delivery: Boolean(option && (option.type === "courier" ? draft.addressId !== null || (draft.street && draft.house) : draft.pointId !== null)),
    payment:
      draft.paymentMethod !== null && paymentAllowed(draft.paymentMethod, { needPayment: Boolean(option?.needPayment), receiptReady: receiptReady(view) }, env),
  };
}

/**
 * The checkout page's data: the cart, the draft, which steps are done and which
 * is open (the one asked for, if the steps before it are done; else the first
 * not done; else the review). "none": the shopper has no cart; "empty", "limit": it cannot
 * check out (empty, over the limit). One round trip: everything is found by the session's id,
 * with the session's own read; the draft's first visit makes it (a write of its own).
 */
export async function checkoutData(
  context: Readonly<RouterContextProvider>,
  lang: Lang,
  asked: string | null,
  readAccount: AccountReader,
): Promise<CheckoutData | "none" | "empty" | "limit"> {
  const { env } = getApp(context);
  const db = env.DB;
  const owner = await getOwnerRef(context);
  if (owner === null) return "none";
  const cart = cartSql(owner);
  const draftFound = draftReadStatement(db, cart).all();
  // A guest's session names no account: its reads find no row.
  const accountRead = readAccount(owner);
  // The delivery step's stores, post offices and streets, of the city the cart has chosen.
  const cityPoints = cartCityPoints(db, lang, cart);
  const cityStreets = cartCityStreets(db, lang, cart);
  const [view, found] = await Promise.all([getCartView(env, lang, owner), draftFound, accountRead, cityPoints, cityStreets]);
  if (view.cartId === null) return "none";
  if (view.lines.length === 0) return "empty";
  if (!checkoutAllowed(view.summary.items, checkoutMaxItems(env))) return "limit";
  const drafted = Promise.resolve(draftRead(found) ?? getDraft(db, view.cartId));
  const option = view.deliveryOptions.find((o) => o.id === view.deliveryTypeId);
  const cityId = view.cityId;
  const pointTypes = cityId ? view.deliveryOptions.filter((o) => o.type !== "courier") : [];
  const [draft, account, pointLists, streets] = await Promise.all([
    drafted,
    accountRead,
    cityPoints.then((all) => pointTypes.map((o) => all.filter((p) => p.deliveryTypeId === o.id))),
    cityId && view.deliveryOptions.some((o) => o.type === "courier") ? cityStreets : [],
  ]);
  const pointsByType = Object.fromEntries(pointTypes.map((o, i) => [o.id, pointLists[i]!]));
  const points = option ? (pointsByType[option.id] ?? []) : [];
  const done = doneSteps(env, view, draft);
  const firstOpen = STEPS.find((s) => s !== "review" && !done[s]) ?? "review";
  const askedIndex = STEPS.indexOf(asked as Step);
  const open = askedIndex >= 0 && askedIndex <= STEPS.indexOf(firstOpen) ? (asked as Step) : firstOpen;
  return {
    view,
    draft,
    account: account
      ? {
          name: [account.details.firstName, account.details.lastName].filter(Boolean).join(" "),
          phone: account.details.phone ?? "",
          email: account.details.email ?? "",
          addresses: account.addresses.map((a) => ({ id: a.id, label: [a.city, a.street, a.house, a.apartment].filter(Boolean).join(", ") })),
        }
      : null,
    points,
    pointsByType,
    streets,
    done,
    open,
    providers: providersOf(env),
    receiptReady: receiptReady(view),
  };
}

/** `order`: the order just placed (or found again by its key), for the route to send the shopper on (its page, or the provider's to pay). */
export type CheckoutResult = { ok: true; next: string; order?: Order } | { ok: false; status: number; step: Step; reply?: FormReply; refusal?: PlaceRefusal };

export type DeliveryChoice = z.output<typeof deliveryStepSchema>;

/**
 * Saves a delivery choice to the cart (city, type: the cart's totals follow)
 * and the draft (the store or post office, or the address). The type is kept
 * even when its dependent row is missing: the page then shows that row.
 */
export async function saveDelivery(v: DeliveryChoice, c: Ctx): Promise<{ ok: true; pointId: number | null } | { ok: false; field: string; error: string }> {
  const db = c.env.DB;
  const fail = (field: string, error: string) => ({ ok: false as const, field, error });
  if (!(await cityExists(db, v.cityId))) return fail("cityId", "orders:errors.cityRequired");
  const option = (await deliveryOptions(db, c.lang, v.cityId)).find((o) => o.id === v.deliveryTypeId);
  if (!option) return fail("deliveryTypeId", "orders:errors.deliveryRequired");
  await setDelivery(db, c.cartId, v.cityId, v.deliveryTypeId);
  if (option.type === "courier") {
    if (v.addressId === undefined && (!v.street || !v.house)) return fail(v.street ? "house" : "street", "orders:errors.addressRequired");
    if (v.addressId !== undefined && c.userId === null) return fail("addressId", "orders:errors.addressRequired");
    // A known street's post code is filled from its house ranges when the shopper left it empty.
    const streetId = v.streetId ?? (v.street ? await streetIdOf(db, v.cityId, v.street) : null);
    const postCode = v.postCode || (streetId && v.house ? ((await postCodeOf(db, streetId, v.house)) ?? "") : "");
    await saveAddress(db, c.cartId, { ...v, postCode, pointId: undefined });
    return { ok: true, pointId: null };
  }
  const point = v.pointId === undefined ? null : await pointOf(db, c.lang, v.pointId, v.cityId, v.deliveryTypeId);
  if (!point) return fail("pointId", "orders:errors.pointRequired");
  await saveAddress(db, c.cartId, { pointId: point.id, street: "", house: "", flat: "", postCode: "" });
  return { ok: true, pointId: point.id };
}

/**
 * The review's place button. Two round trips: the session's own read with everything the order
 * needs, found by the session's id (the cart's view, the draft, an order the form's key placed
 * already, the store or saved address the draft names), then the order's batch. Null: the
 * shopper has no cart.
 */
export async function placeFromCheckout(context: Readonly<RouterContextProvider>, form: FormData, lang: Lang, t: TFunction): Promise<CheckoutResult | null> {
  const { env, request } = getApp(context);
  const db = env.DB;
  const owner = await getOwnerRef(context);
  if (owner === null) return null;
  // The form's key: a second click (or a retry) finds the order the first one placed.
  const key = parseForm(form, placeStepSchema);
  const formKey = key.status === "success" ? key.value.idempotencyKey : null;
  const cart = cartSql(owner);
  const view = cartViewStatements(db, lang, owner);
  // The order's key is the form's, else the draft's (`draftOrder`).
  const earlierRead = orderByKeyStatements(db, cart, formKey ?? { sql: draftColumnSql("idempotency_key", cart.sql) });
  const rest = [
    draftReadStatement(db, cart),
    cartPointStatement(db, lang, cart, draftColumnSql("point_id", cart.sql)),
    savedAddressStatement(db, cart, draftColumnSql("address_id", cart.sql)),
  ];
  const [results, shopper] = await Promise.all([db.batch([...view, ...earlierRead, ...rest]), getShopper(context)]);
  const cartView = cartViewOf(env, results.slice(0, view.length));
  if (cartView.cartId === null) return null;
  const earlier = orderOf(results.slice(view.length, view.length + earlierRead.length));
  if (earlier) return { ok: true, next: `done/${earlier.number}`, order: earlier };
  const [draftRow, pointRow, savedRow] = results.slice(view.length + earlierRead.length);
  const draft = draftRead(draftRow!);
  if (!draft) return { ok: true, next: "" };
  // The draft is checked again as a whole: a step it lacks opens again.
  const fields = draftOrder(draft, cartView);
  if (formKey) fields.idempotencyKey = formKey;
  const s = parseForm(new URLSearchParams(fields), placeOrderSchema);
  if (s.status !== "success") return { ok: true, next: "" };
  const cartId = cartView.cartId;
  const result = await placeOrder(
    s.value,
    { env, lang, t, address: clientAddress(request), cart: cartId, owner: Promise.resolve(shopper.owner) },
    {
      view: cartView,
      noEarlier: true,
      point: firstRow(pointRow, (r: DeliveryPoint) => r),
      saved: firstRow(savedRow, (r: SavedAddress) => r),
      also: [clearDraftStatement(db, cartId)],
    },
  );
  if (!result.ok) return { ok: false, status: result.status, step: "review", refusal: result };
  return { ok: true, next: `done/${result.order.number}`, order: result.order };
}

/** One action for the checkout's forms (`intent`); each step saves to the draft (or the cart) and the page moves on. */
export async function runCheckoutAction(form: FormData, c: Ctx): Promise<CheckoutResult> {
  const db = c.env.DB;
  switch (String(form.get("intent") ?? "")) {
    case "contacts": {
      const s = parseForm(form, contactsSchema);
      if (s.status !== "success") return { ok: false, status: 400, step: "contacts", reply: s.reply() };
      await saveContacts(db, c.cartId, s.value);
      return { ok: true, next: "" };
    }
    case "city": {
      const s = parseForm(form, citySchema);
      if (s.status !== "success" || !(await cityExists(db, s.value.cityId)))
        return {
          ok: false,
          status: 400,
          step: "delivery",
          reply: parseForm(form, citySchema).reply({ fieldErrors: { cityId: ["orders:errors.cityRequired"] } }),
        };
      const view = await getCartView(c.env, c.lang, c.cartId);
      // The type stays if the new city has it too.
      const kept = (await deliveryOptions(db, c.lang, s.value.cityId)).some((o) => o.id === view.deliveryTypeId) ? view.deliveryTypeId : null;
      await setDelivery(db, c.cartId, s.value.cityId, kept);
      return { ok: true, next: "delivery" };
    }
    // "point": a store or post office's "show" button (without JavaScript): saved as the step is, which then stays open with its details.
    case "delivery":
    case "point": {
      // Each point-served type has its own select (point-<type id>): the chosen type's is the point.
      const point = form.get(`point-${form.get("deliveryTypeId")}`);
      if (typeof point === "string") form.set("pointId", point);
      const s = parseForm(form, deliveryStepSchema);
      if (s.status !== "success") return { ok: false, status: 400, step: "delivery", reply: s.reply() };
      const saved = await saveDelivery(s.value, c);
      if (!saved.ok) return { ok: false, status: 422, step: "delivery", reply: s.reply({ fieldErrors: { [saved.field]: [saved.error] } }) };
      // A courier's form sent by that button (Enter in an address field submits with the form's first button) goes on as "continue".
      return { ok: true, next: form.get("intent") === "point" && saved.pointId !== null ? "delivery" : "" };
    }
    case "payment": {
      const s = parseForm(form, paymentStepSchema);
      if (s.status !== "success") return { ok: false, status: 400, step: "payment", reply: s.reply() };
      const view = await getCartView(c.env, c.lang, c.cartId);
      const option = view.deliveryOptions.find((o) => o.id === view.deliveryTypeId);
      const refusal = receiptRefusal(view);
      if (!paymentAllowed(s.value.paymentMethod, { needPayment: Boolean(option?.needPayment), receiptReady: refusal === null }, c.env)) {
        const error = isOnline(s.value.paymentMethod) && refusal ? refusal : "orders:errors.paymentMethod";
        return { ok: false, status: 422, step: "payment", reply: s.reply({ fieldErrors: { paymentMethod: [error] } }) };
      }
      await savePayment(db, c.cartId, s.value);
      return { ok: true, next: "" };
    }
    default:
      return { ok: false, status: 400, step: "contacts" };
  }
}
