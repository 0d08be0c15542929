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
