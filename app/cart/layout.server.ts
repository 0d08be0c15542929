import type { CounterSource } from "~/layout/layout.server";
import type { OwnerRef } from "~/server/session.server";
import { ownerCartSql } from "./cart.server";
import { checkoutMaxItems } from "./checkout-limit";
import type { CartLayoutData } from "./layout";
import type { CartPopupData } from "./popup";
import { routeModuleUrl } from "~/server/route-module.server";

/** The cart's slice of the layout data, from the flash (if the cart wrote it). */
export async function cartLayout(env: Env, flash: unknown): Promise<CartLayoutData> {
  return { popup: asCartPopup(flash), uiModule: await routeModuleUrl("pages/cart"), maxItems: checkoutMaxItems(env) };
}

/**
 * The header's cart counter: units in the shopper's cart (a signed-in shopper's is the
 * same on every device). No query without a session.
 */
export function cartCounter(db: D1Database) {
  return (owner: OwnerRef | null): CounterSource => {
    if (owner === null) return 0;
    const cart = ownerCartSql(owner);
    return db.prepare(`SELECT COALESCE(SUM(quantity), 0) AS n FROM cart_lines WHERE cart_id = ${cart.sql}`).bind(...cart.binds);
  };
}

/** The flash is the layout's unknown data: it is a cart popup only if the cart wrote it. */
export function asCartPopup(value: unknown): CartPopupData | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Partial<CartPopupData>;
  return typeof v.status === "boolean" && typeof v.message === "string" && typeof v.at === "number" && v.cart && typeof v.cart === "object"
    ? (v as CartPopupData)
    : null;
}
