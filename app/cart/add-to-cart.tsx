import { useEffect } from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import type { RootData } from "~/root";
import { useI18n } from "~/i18n/use-i18n";
import { INLINE_ADD_ERRORS, showCartPopup } from "~/ui/cart-popup-host";
import { useHydrated } from "~/ui/hydrated";
import type { AnalyticsProduct } from "./analytics";
import type { CartPopupData } from "./popup";

type Product = { id: number; name: string; brand: string; colour: string; category: string; salePrice: number; sizes: { id: number; size: string; stock: number }[] };
type AddAnswer = { result: { ok: boolean; code?: string; popup?: CartPopupData } };

/**
 * The add-to-cart form (spec §7: primaryId, purchasableId, quantity) around
 * the size picker. With JavaScript it posts through a fetcher and the answer
 * opens the popup; without it the cart action redirects back here and the
 * popup shows as a section. "Choose a size" and "sold out" errors show next
 * to the sizes, never as a popup.
 */
export function AddToCartForm({ product }: { product: Product }) {
  const { t, href } = useI18n();
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const fetcher = useFetcher<AddAnswer>({ key: `add-to-cart-${product.id}` });
  const flash = (useRouteLoaderData("root") as RootData | undefined)?.cartPopup ?? null;
  const answer = fetcher.data?.result;
  const track = (event: "view_item" | "add_to_cart", skuId: number) => {
    const item: AnalyticsProduct = { id: skuId, name: product.name, price: product.salePrice, brand: product.brand, category: product.category, variant: product.colour };
    void import("./analytics").then((m) => m.pushEcommerce(event, [item]));
  };

  useEffect(() => {
    track("view_item", product.sizes[0]?.id ?? product.id);
    // Once per product shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product.id]);

  useEffect(() => {
    if (!answer?.popup) return;
    if (!INLINE_ADD_ERRORS.includes(answer.code ?? "")) showCartPopup(answer.popup);
    const sku = Number(fetcher.formData?.get("purchasableId") ?? 0);
    if (answer.ok) track("add_to_cart", sku || product.id);
    // A new answer is a new object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  // The error of this form's last answer (JavaScript), or of the flash after the redirect (none).
  const last = answer ?? (flash && (!flash.product || flash.product.id === product.id) ? flash : null);
  const inlineCode = fetcher.state === "idle" && last && INLINE_ADD_ERRORS.includes(last.code ?? "") ? last.code : null;
  const soldOut = product.sizes.every((s) => s.stock === 0);
  return (
    <fetcher.Form method="post" action={href("/cart")} className="add-to-cart" data-testid="add-to-cart">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="primaryId" value={product.id} />
      <input type="hidden" name="quantity" value="1" />
      {/* Without JavaScript the action answers with a redirect back here. */}
      {hydrated ? null : <input type="hidden" name="redirectTo" value={pathname + search} />}
      <fieldset className="sizes" aria-describedby={inlineCode ? "size-error" : undefined} aria-invalid={inlineCode ? true : undefined}>
        <legend>{t("product:size")}</legend>
        {product.sizes.map((s) => (
          <label key={s.id} className={s.stock > 0 ? "size" : "size size--soldout"}>
            <input type="radio" name="purchasableId" value={s.id} disabled={s.stock === 0} />
            <span>{s.size}</span>
          </label>
        ))}
      </fieldset>
      {inlineCode ? (
        <p id="size-error" className="field-error" role="alert" data-testid="size-error">
          {t(`cartPopup.${inlineCode}`)}
        </p>
      ) : null}
      {product.salePrice > 0 ? (
        <button type="submit" className="button add-to-cart__button" disabled={soldOut} data-testid="add-to-cart-button" aria-busy={fetcher.state !== "idle" || undefined}>
          {t("product:addToCart")}
        </button>
      ) : (
        <p className="add-to-cart__note">{t("product:notForSale")}</p>
      )}
    </fetcher.Form>
  );
}
