import { type PlaceNames, placeNames } from "~/delivery/index.server";
import type { Lang } from "~/i18n/languages";
import type { Order } from "./orders.server";

/**
 * An order as a page (or the JSON API) shows it: its city, delivery type and
 * point named in the language asked for, and its address in that language
 * too when it is a store or post office (a courier's address stays as typed).
 */
export type ShownOrder = Omit<Order, "delivery"> & {
  delivery: Order["delivery"] & { city: string; type: string; point: PlaceNames["point"] };
};

/**
 * Names the orders' places in `lang` from the ids they keep (city, type,
 * point): an order placed in Russian reads in Uzbek on an Uzbek page. An
 * order whose point is not known (placed before points were kept, or at one
 * that has closed) keeps the address it was placed with.
 */
export async function localizeOrders(db: D1Database, lang: Lang, orders: Order[]): Promise<ShownOrder[]> {
  const names = await placeNames(
    db,
    lang,
    orders.map((o) => o.delivery),
  );
  return orders.map((o, i) => namedOrder(o, names[i]!));
}

/** An order with its places named (`placeNames` of its delivery). */
export function namedOrder(o: Order, { city, type, point }: PlaceNames): ShownOrder {
  const address = point ? [point.title, point.label, point.address].filter(Boolean).join(", ") : o.delivery.address;
  return { ...o, delivery: { ...o.delivery, city, type, point, address } };
}

export async function localizeOrder(db: D1Database, lang: Lang, order: Order): Promise<ShownOrder> {
  return (await localizeOrders(db, lang, [order]))[0]!;
}
