import { useRouteLoaderData } from "react-router";
import type { CartPopupData } from "./popup";

/** The cart's slice of the layout data (the root loader adds it as `cart`). */
export type CartLayoutData = {
  /** The popup of the last add, shown once as a page section (no JavaScript). */
  popup: CartPopupData | null;
  /** Where the popup's and mini-cart's code loads from when first needed. */
  uiModule: string | null;
  maxItems: number;
};

const NONE: CartLayoutData = { popup: null, uiModule: null, maxItems: 5 };

export function useCartLayout(): CartLayoutData {
  return (useRouteLoaderData("root") as { cart?: CartLayoutData } | undefined)?.cart ?? NONE;
}

/** The session's flash is the layout's unknown data: it is a cart popup only if the cart wrote it. */
export function asCartPopup(value: unknown): CartPopupData | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Partial<CartPopupData>;
  return typeof v.status === "boolean" && typeof v.message === "string" && typeof v.at === "number" && v.cart && typeof v.cart === "object" ? (v as CartPopupData) : null;
}
