import type { RouterContextProvider } from "react-router";
import type { TFunction } from "~/i18n/translate";
import { getApp } from "~/server/context.server";
import { checkoutAllowed, checkoutMaxItems } from "~/cart/index";
import { type CartView, cartViewOf, cartViewStatements, getCartId, getCartView, getShopper, setDelivery } from "~/cart/index.server";
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
import { placeOrderSchema } from "~/orders/index";
import {
  clickConfig,
  type Order,
  orderByKeyStatements,
  orderOf,
  type PlaceRefusal,
  paymentAllowed,
  placeOrder,
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
  draftOf,
  draftOrder,
  draftStatements,
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
  /** Whether online payment is offered (a provider is configured). */
  onlinePayment: boolean;
};

/**
 * What the checkout reads of an account: the caller passes the account
 * feature's reader (the checkout does not import it: signing in, which joins a
 * guest's draft to the account, imports the checkout).
 */
export type AccountReader = (userId: number) => Promise<{
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
    payment: draft.paymentMethod !== null && paymentAllowed(draft.paymentMethod, { needPayment: Boolean(option?.needPayment) }, env),
  };
}

/**
 * The checkout page's data: the cart, the draft, which steps are done and which
 * is open (the one asked for, if the steps before it are done; else the first
 * not done; else the review). Null when the cart cannot check out (empty, over the limit).
 */
export async function checkoutData(c: Ctx, asked: string | null, readAccount: AccountReader): Promise<CheckoutData | "empty" | "limit"> {
  // The draft (made on the first visit: a write of its own) and the account need only the cart
  // and the shopper: they go beside the cart's view, not after it.
  const drafted = getDraft(c.env.DB, c.cartId);
  const accountRead = c.userId === null ? null : readAccount(c.userId);
  // The delivery step's stores, post offices and streets, of the city the cart has chosen.
  const cityPoints = cartCityPoints(c.env.DB, c.lang, c.cartId);
  const cityStreets = cartCityStreets(c.env.DB, c.lang, c.cartId);
  const [view] = await Promise.all([getCartView(c.env, c.lang, c.cartId), drafted, accountRead, cityPoints, cityStreets]);
  if (view.lines.length === 0) return "empty";
  if (!checkoutAllowed(view.summary.items, checkoutMaxItems(c.env))) return "limit";
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
  const done = doneSteps(c.env, view, draft);
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
    onlinePayment: clickConfig(c.env) !== null,
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
      if (!paymentAllowed(s.value.paymentMethod, { needPayment: Boolean(option?.needPayment) }, c.env))
        return { ok: false, status: 422, step: "payment", reply: s.reply({ fieldErrors: { paymentMethod: ["orders:errors.paymentMethod"] } }) };
      await savePayment(db, c.cartId, s.value);
      return { ok: true, next: "" };
    }
    case "place": {
      // The form's key: a second click (or a retry) finds the order the first one placed.
      const key = parseForm(form, placeStepSchema);
      const formKey = key.status === "success" ? key.value.idempotencyKey : null;
      // One round trip for what the order needs: the cart's view, the draft, an order the key
      // placed already, and the store or saved address the draft names. Then the order's batch.
      const view = cartViewStatements(db, c.lang, c.cartId);
      const drafted = draftStatements(db, c.cartId);
      // The order's key is the form's, else the draft's (`draftOrder`).
      const earlierRead = orderByKeyStatements(db, c.cartId, formKey ?? { sql: draftColumnSql("idempotency_key") });
      const named = [
        cartPointStatement(db, c.lang, c.cartId, draftColumnSql("point_id")),
        ...(c.userId === null ? [] : [savedAddressStatement(db, draftColumnSql("address_id"), [c.cartId], c.userId)]),
      ];
      const results = await db.batch([...view, ...drafted, ...earlierRead, ...named]);
      const at = (from: number, n: number) => results.slice(from, from + n);
      const earlier = orderOf(at(view.length + drafted.length, earlierRead.length));
      if (earlier) return { ok: true, next: `done/${earlier.number}`, order: earlier };
      const cart = cartViewOf(c.env, at(0, view.length));
      const draft = draftOf(at(view.length, drafted.length));
      const [pointRow, savedRow] = at(view.length + drafted.length + earlierRead.length, named.length);
      // The draft is checked again as a whole: a step it lacks opens again.
      const fields = draftOrder(draft, cart);
      if (formKey) fields.idempotencyKey = formKey;
      const s = parseForm(new URLSearchParams(fields), placeOrderSchema);
      if (s.status !== "success") return { ok: true, next: "" };
      const result = await placeOrder(s.value, c, {
        view: cart,
        noEarlier: true,
        point: firstRow(pointRow, (r: DeliveryPoint) => r),
        saved: savedRow ? firstRow(savedRow, (r: SavedAddress) => r) : null,
        also: [clearDraftStatement(db, c.cartId)],
      });
      if (!result.ok) return { ok: false, status: result.status, step: "review", refusal: result };
      return { ok: true, next: `done/${result.order.number}`, order: result.order };
    }
    default:
      return { ok: false, status: 400, step: "contacts" };
  }
}
