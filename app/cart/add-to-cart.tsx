import { useEffect, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { useCartLayout } from "./layout";
import { addPending, INLINE_ADD_ERRORS, showCartPopup } from "./store";
import { pushEcommerce, type EcommerceItem } from "./analytics";
import { request, requestFailedText } from "~/ui/request";

/** `chosen`: the size to check at first (the signed-in shopper's saved size, in stock). */
type Product = { id: number; salePrice: number; sizes: { id: number; size: string; stock: number }[]; chosen?: number | null };

/**
 * The add-to-cart form (the cart API's fields, docs/api.md: primaryId, purchasableId, quantity) around
 * the size picker. Without JavaScript it posts to the cart action, which
 * redirects back here with the popup as a page section. With JavaScript it
 * calls the cart's JSON endpoint instead: the answer opens the popup and the
 * header's counters are reloaded (counting the add meanwhile). "Choose a
 * size" and "sold out" show next to the sizes, never as a popup.
 */
export function AddToCartForm({ product, analytics }: { product: Product; analytics: EcommerceItem }) {
  const { t, href, lang } = useI18n();
  const { pathname, search } = useLocation();
  const { revalidate } = useRevalidator();
  const flash = useCartLayout().popup;
  // `message`: a refusal the cart's codes do not name (the shop is read-only, D1 is down), in the call's language.
  const [answer, setAnswer] = useState<{ code: string | null; message?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: Once per product shown.
  useEffect(() => {
    pushEcommerce("view_item", [analytics]);
  }, [product.id]);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    // A handler runs in the browser only: the Worker's build leaves its body out.
    if (import.meta.env.SSR) return;
    event.preventDefault();
    // A press while the last add is in flight does nothing: the button says so with aria-disabled,
    // not disabled, which would drop the keyboard's focus (the cart popup gives it back here).
    if (busy) return;
    const form = event.currentTarget;
    const fields = new FormData(form);
    const sku = Number(fields.get("purchasableId"));
    // A courtesy: the server checks the same.
    if (!sku) return setAnswer({ code: "size_required" });
    setBusy(true);
    addPending(1);
    try {
      const body = new URLSearchParams({ primaryId: String(product.id), purchasableId: String(sku), quantity: "1" });
      const response = await request(`/api/cart?lang=${lang}`, { method: "POST", body });
      // No answer (no network, aborted, timed out): said as such. The add may have reached the
      // server all the same: the counters are read again, so a second press is a choice, not a blind one.
      if ("failed" in response) {
        setAnswer({ code: null, message: requestFailedText(t, response.failed) });
        return await revalidate();
      }
      const json = (await response.json().catch(() => ({ status: false }))) as {
        status: boolean;
        code?: string;
        message?: string;
        popup?: import("./popup").CartPopupData | null;
      };
      setAnswer({ code: json.status ? null : (json.code ?? null), message: !json.status && !json.code ? json.message : undefined });
      if (json.popup && !INLINE_ADD_ERRORS.includes(json.code ?? "")) showCartPopup(json.popup);
      if (json.status) pushEcommerce("add_to_cart", [{ ...analytics, item_id: String(sku) }]);
      await revalidate();
    } finally {
      addPending(-1);
      setBusy(false);
    }
  };

  // This form's last answer (JavaScript), or the flash after the redirect (none).
  const last = answer ?? (flash && !flash.status && (!flash.product || flash.product.id === product.id) ? flash : null);
  const inlineCode = last && INLINE_ADD_ERRORS.includes(last.code ?? "") ? last.code : null;
  const soldOut = product.sizes.every((s) => s.stock === 0);
  return (
    <form method="post" action={href("/cart")} className="add-to-cart" data-testid="add-to-cart" onSubmit={submit}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="primaryId" value={product.id} />
      <input type="hidden" name="quantity" value="1" />
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <fieldset className="sizes" aria-describedby={inlineCode ? "size-error" : undefined} aria-invalid={inlineCode ? true : undefined}>
        <legend>{t("product:size")}</legend>
        {product.sizes.map((s) => (
          <label key={s.id} className={s.stock > 0 ? "size" : "size size--soldout"}>
            <input
              type="radio"
              name="purchasableId"
              value={s.id}
              disabled={s.stock === 0}
              defaultChecked={s.id === product.chosen}
              onChange={() => setAnswer(null)}
            />
            <span>{s.size}</span>
          </label>
        ))}
      </fieldset>
      {inlineCode ? (
        <p id="size-error" className="field-error" role="alert" data-testid="size-error">
          {t(`cartPopup.${inlineCode}`)}
        </p>
      ) : null}
      {answer?.message ? (
        <p className="field-error" role="alert" data-testid="add-refused">
          {answer.message}
        </p>
      ) : null}
      {product.salePrice > 0 ? (
        <button
          type="submit"
          className="button add-to-cart__button"
          disabled={soldOut}
          data-testid="add-to-cart-button"
          aria-busy={busy || undefined}
          aria-disabled={busy || undefined}
        >
          {t("product:addToCart")}
        </button>
      ) : (
        <p className="add-to-cart__note">{t("product:notForSale")}</p>
      )}
    </form>
  );
}
