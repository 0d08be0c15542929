import { useEffect } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { showCartPopup } from "~/cart/popup-host";
import { ClubBadge, Price } from "~/ui/price";
import { pushEcommerce as track, type EcommerceItem } from "./analytics";
import type { CartActionResult, CartIntent } from "./actions.server";
import type { CartLine, CartView } from "./cart.server";
import { checkoutLimitPopup } from "./popup";

type Failure = Omit<Extract<CartActionResult, { ok: false }>, "status">;

export type CartPageProps = {
  view: CartView;
  /** The GA4 items of the lines, in order (made by the loader). */
  analytics: EcommerceItem[];
  maxItems: number;
  limitRefused: boolean;
  notice: string | null;
  signedIn: boolean;
  failure: Failure | null;
};

/**
 * One cart form. It posts to the cart action, which answers 303 back to the
 * cart (with JavaScript React Router follows it and reloads the page's data;
 * without, the browser does); a refusal renders the page again with the
 * error, shown by the form whose `intents` (and `match`) it names.
 */
function CartForm({
  intents,
  failure,
  match,
  className,
  testId,
  children,
  onSubmit,
}: {
  intents: CartIntent[];
  failure: Failure | null;
  match?: (f: Failure) => boolean;
  className?: string;
  testId?: string;
  children: (f: { error: Failure | null; submit: (form: HTMLFormElement | null) => void }) => React.ReactNode;
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  const { href } = useI18n();
  const submitForm = useSubmit();
  const error = failure && failure.intent && intents.includes(failure.intent) && (!match || match(failure)) ? failure : null;
  // Selects apply on change with JavaScript (the Apply buttons stay for everyone).
  const submit = (form: HTMLFormElement | null) => form && submitForm(form, { replace: true, preventScrollReset: true });
  return (
    <Form method="post" action={href("/cart")} replace preventScrollReset className={className} data-testid={testId} onSubmit={onSubmit}>
      {children({ error, submit })}
    </Form>
  );
}

function FieldError({ error, testId, id }: { error: Failure | null; testId: string; id?: string }) {
  const { t } = useI18n();
  if (!error) return null;
  return (
    <p id={id} className="field-error" role="alert" data-testid={testId}>
      {t(error.error.startsWith("cartPopup.") ? error.error : `cart:${error.error}`)}
    </p>
  );
}

/** A labelled field and its submit button on one row, its error under it (promo code, bonuses); what was typed stays after a refusal. */
function FieldRow({
  name,
  label,
  intent,
  button,
  testId,
  error,
  input,
}: {
  name: string;
  label: string;
  intent: CartIntent;
  button: string;
  testId: string;
  error: Failure | null;
  input: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  const errorId = `${testId}-error`;
  return (
    <>
      <label htmlFor={name}>{label}</label>
      <div className="promo__row">
        <input
          {...input}
          id={name}
          name={name}
          key={error ? "failed" : "fresh"}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={`${testId}-input`}
        />
        <button type="submit" name="intent" value={intent} className="button" data-testid={`${testId}-apply`}>
          {button}
        </button>
      </div>
      <FieldError error={error} testId={errorId} id={errorId} />
    </>
  );
}

function Line({ line, analytics, failure }: { line: CartLine; analytics: EcommerceItem; failure: Failure | null }) {
  const { t, href, price } = useI18n();
  const sameLine = (f: Failure) => f.values.purchasableId === String(line.skuId);
  const removing = (event: React.FormEvent<HTMLFormElement>) => {
    const intent = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value;
    // Spec §4: a popup closes when a cart line is removed.
    if (intent !== "increment") showCartPopup(null);
    if (intent === "decrement") track("remove_from_cart", [{ ...analytics, quantity: 1 }]);
    if (intent === "delete" || intent === "move-to-favourites") track("remove_from_cart", [analytics]);
  };
  return (
    <li className="cart-line" data-testid="cart-line" data-sku={line.skuId}>
      {line.image ? <img className="cart-line__image" src={line.image} width={90} height={120} alt="" loading="lazy" /> : null}
      <div className="cart-line__info">
        <p className="cart-line__brand">{line.brand}</p>
        <a href={href(`/product/${line.slug}`)} className="cart-line__name" data-testid="cart-line-name">
          {line.name}
        </a>
        <p>
          {t("cart:colour")}: {line.colour}
        </p>
        {line.inClub ? <ClubBadge /> : null}
        <CartForm intents={["change-size"]} failure={failure} match={sameLine} className="cart-line__size">
          {({ error, submit }) => (
            <>
              <input type="hidden" name="purchasableId" value={line.skuId} />
              <label>
                {t("cart:size")}{" "}
                <select
                  name="newPurchasableId"
                  defaultValue={line.skuId}
                  key={line.skuId}
                  data-testid="cart-line-size"
                  onChange={(e) => submit(e.currentTarget.form)}
                >
                  {line.sizes.map((s) => (
                    <option key={s.id} value={s.id} disabled={s.stock === 0 && s.id !== line.skuId}>
                      {s.stock === 0 && s.id !== line.skuId ? `${s.size} — ${t("cart:soldOut")}` : s.size}
                    </option>
                  ))}
                </select>
              </label>
              <input type="hidden" name="intent" value="change-size" />
              <button type="submit" className="button button--ghost button--small" data-testid="cart-line-size-apply">
                {t("cart:changeSize")}
              </button>
              <FieldError error={error} testId="cart-line-error" />
            </>
          )}
        </CartForm>
      </div>
      {line.quantity > line.stock ? (
        <p className="cart-line__stock alert alert--error" data-testid="cart-line-stock">
          {line.stock === 0 ? t("cart:stockGone") : t("cart:stockLow", { stock: line.stock })}
        </p>
      ) : null}
      <div className="cart-line__price">
        {line.salePrice > 0 ? <Price firstPrice={line.firstPrice * line.quantity} salePrice={line.salePrice * line.quantity} /> : null}
      </div>
      <CartForm
        intents={["increment", "decrement", "delete", "move-to-favourites"]}
        failure={failure}
        match={sameLine}
        className="cart-line__actions"
        onSubmit={removing}
      >
        {({ error }) => (
          <>
            <input type="hidden" name="purchasableId" value={line.skuId} />
            <input type="hidden" name="quantity" value={line.quantity} />
            {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would bring its own border and legend rules into the line's layout; the role groups − / quantity / + the same */}
            <div className="quantity" role="group" aria-label={t("cart:quantity")}>
              <button
                type="submit"
                name="intent"
                value="decrement"
                className="quantity__button"
                aria-label={t("cart:decrement")}
                data-testid="cart-line-decrement"
              >
                −
              </button>
              <output className="quantity__value" data-testid="cart-line-quantity">
                {line.quantity}
              </output>
              <button
                type="submit"
                name="intent"
                value="increment"
                className="quantity__button"
                aria-label={t("cart:increment")}
                disabled={line.quantity >= line.stock}
                data-testid="cart-line-increment"
              >
                +
              </button>
            </div>
            <button type="submit" name="intent" value="delete" className="link-button" data-testid="cart-line-remove">
              {t("cart:remove")}
            </button>
            <button type="submit" name="intent" value="move-to-favourites" className="link-button" data-testid="cart-line-favourite">
              {t("cart:moveToFavourites")}
            </button>
            <FieldError error={error} testId="cart-line-error" />
          </>
        )}
      </CartForm>
    </li>
  );
}

function PromoForm({ view, failure }: { view: CartView; failure: Failure | null }) {
  const { t, price } = useI18n();
  const { summary } = view;
  if (summary.couponsAmount > 0) {
    return (
      <CartForm intents={["promo-remove"]} failure={failure} className="promo promo--applied" testId="promo-applied">
        {() => (
          <>
            <p>
              {t("cart:promoApplied", { code: summary.promoCode ?? "" })} <strong>−{price(summary.couponsAmount)}</strong>
            </p>
            <button type="submit" name="intent" value="promo-remove" className="link-button" data-testid="promo-remove">
              {t("cart:promoRemove")}
            </button>
          </>
        )}
      </CartForm>
    );
  }
  // Spec: the promo form shows only while couponsAmount is 0 and the cart allows coupons.
  if (!summary.hasCoupons) return null;
  return (
    <CartForm intents={["promo-apply"]} failure={failure} className="promo" testId="promo-form">
      {({ error }) => (
        <>
          {summary.promoCode && summary.promoProblem ? (
            <p className="alert alert--error" data-testid="promo-lapsed">
              {t("cart:promoLapsed", { code: summary.promoCode })} {t(`cart:errors.promo.${summary.promoProblem}`)}
            </p>
          ) : null}
          <FieldRow
            name="promoCode"
            label={t("cart:promoLabel")}
            intent="promo-apply"
            button={t("cart:promoApply")}
            testId="promo"
            error={error}
            input={{ autoComplete: "off", autoCapitalize: "characters", maxLength: 32, defaultValue: error?.values.promoCode ?? "" }}
          />
        </>
      )}
    </CartForm>
  );
}

function BonusesForm({ view, failure }: { view: CartView; failure: Failure | null }) {
  const { t, price } = useI18n();
  const { bonuses } = view.summary;
  // Spec §6: card holders with available bonuses above 0.
  if (!bonuses.hasCard || bonuses.available <= 0) return null;
  return (
    <section className="bonuses" data-testid="bonuses" aria-labelledby="bonuses-title">
      <h2 id="bonuses-title">{t("cart:bonusesTitle")}</h2>
      <p data-testid="bonuses-info">{t("cart:bonusesInfo", { available: price(bonuses.available), canBeUsed: price(bonuses.canBeUsed) })}</p>
      {bonuses.used > 0 ? (
        <CartForm intents={["bonuses-remove"]} failure={failure}>
          {() => (
            <p>
              {t("cart:bonusesUsed", { amount: price(bonuses.used) })}{" "}
              <button type="submit" name="intent" value="bonuses-remove" className="link-button" data-testid="bonuses-remove">
                {t("cart:bonusesRemove")}
              </button>
            </p>
          )}
        </CartForm>
      ) : bonuses.canBeUsed > 0 ? (
        <CartForm intents={["bonuses-apply"]} failure={failure} className="promo">
          {({ error }) => (
            <FieldRow
              name="bonuses"
              label={t("cart:bonusesLabel")}
              intent="bonuses-apply"
              button={t("cart:bonusesApply")}
              testId="bonuses"
              error={error}
              input={{
                type: "number",
                inputMode: "numeric",
                min: 1,
                max: bonuses.canBeUsed,
                step: 1,
                defaultValue: error?.values.bonuses ?? bonuses.canBeUsed,
              }}
            />
          )}
        </CartForm>
      ) : null}
    </section>
  );
}

function DeliveryForm({ view, failure }: { view: CartView; failure: Failure | null }) {
  const { t, price } = useI18n();
  const { summary } = view;
  const recalculating = useNavigation().formData?.get("intent") === "delivery";
  return (
    <CartForm intents={["delivery"]} failure={failure} className="delivery" testId="delivery-form">
      {({ error, submit: submitForm }) => {
        // A newer submission supersedes the one in flight: React Router stops waiting for the
        // older answer (the server applies both in the order they arrive).
        const submit = (e: { currentTarget: { form: HTMLFormElement | null } }) => submitForm(e.currentTarget.form);
        return (
          <fieldset>
            <legend>{t("cart:deliveryTitle")}</legend>
            <input type="hidden" name="intent" value="delivery" />
            <label>
              {t("cart:city")}{" "}
              <select name="cityId" defaultValue={view.cityId ?? ""} key={view.cityId ?? "none"} onChange={submit} data-testid="delivery-city">
                <option value="" disabled>
                  {t("cart:chooseCity")}
                </option>
                {view.cities.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
            </label>
            {view.cityId && view.deliveryOptions.length === 0 ? <p>{t("cart:noDelivery")}</p> : null}
            {view.deliveryOptions.length > 0 ? (
              <ul className="delivery__types" key={view.cityId ?? "none"}>
                {view.deliveryOptions.map((o) => (
                  <li key={o.id}>
                    <label>
                      <input
                        type="radio"
                        name="deliveryTypeId"
                        value={o.id}
                        defaultChecked={o.id === view.deliveryTypeId}
                        onChange={submit}
                        data-testid={`delivery-type-${o.uuid}`}
                      />
                      <span>{o.title}</span>{" "}
                      <span className="delivery__cost">
                        {o.price === 0 ? t("cart:free") : price(o.price)}
                        {o.freeFrom > 0 ? ` · ${t("cart:freeFrom", { amount: price(o.freeFrom) })}` : ""}
                      </span>{" "}
                      <span className="delivery__time">{o.estimated}</span>
                    </label>
                  </li>
                ))}
              </ul>
            ) : null}
            <button type="submit" className="button button--ghost button--small" data-testid="delivery-apply">
              {t("cart:deliveryApply")}
            </button>
            {summary.delivery ? <p data-testid="delivery-estimate">{t("cart:deliveryEstimate", { time: summary.delivery.estimated })}</p> : null}
            {recalculating ? <p aria-live="polite">{t("cart:recalculating")}</p> : null}
            <FieldError error={error} testId="delivery-error" />
          </fieldset>
        );
      }}
    </CartForm>
  );
}

function SummaryTable({ view }: { view: CartView }) {
  const { t, price } = useI18n();
  const s = view.summary;
  const row = (label: string, value: string, testId: string) => (
    <div className="summary__row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <dl className="summary" data-testid="cart-summary">
      {row(t("cart:goods", { count: s.quantity }), price(s.initialNominal), "summary-goods")}
      {s.discount > 0 ? row(t("cart:discount"), `−${price(s.discount)}`, "summary-discount") : null}
      {s.couponsAmount > 0 ? row(t("cart:promoDiscount"), `−${price(s.couponsAmount)}`, "summary-coupons") : null}
      {s.bonusDiscountAmount > 0 ? row(t("cart:bonusDiscount"), `−${price(s.bonusDiscountAmount)}`, "summary-bonuses") : null}
      {row(t("cart:subtotal"), price(s.subtotal), "summary-subtotal")}
      {row(t("cart:delivery"), s.delivery ? (s.deliveryCost === 0 ? t("cart:free") : price(s.deliveryCost)) : t("cart:deliveryNotChosen"), "summary-delivery")}
      <div className="summary__row summary__row--total" data-testid="summary-total">
        <dt>{t("cart:total")}</dt>
        <dd>{price(s.total)}</dd>
      </div>
    </dl>
  );
}

export function CartPage({ view, analytics, maxItems, limitRefused, notice, failure }: CartPageProps) {
  const { t, href } = useI18n();
  const { lines, summary } = view;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit of the page, not per change of the lines
  useEffect(() => {
    if (analytics.length) track("view_cart", analytics);
  }, []);
  const toCheckout = (event: React.MouseEvent) => {
    if (summary.items > maxItems) {
      event.preventDefault();
      showCartPopup(checkoutLimitPopup({ quantity: summary.quantity, items: summary.items, total: summary.total }, maxItems));
    }
  };
  return (
    <div className="cart-page">
      <h1>{t("cart:title")}</h1>
      {notice ? (
        <p className="alert alert--success" role="status" data-testid="cart-notice">
          {t(`cart:notices.${notice}`)}
        </p>
      ) : null}
      {lines.length === 0 ? (
        <div className="empty" data-testid="cart-empty">
          <p>{t("cart:empty")}</p>
          <a className="button" href={href("/store")}>
            {t("cart:toCatalogue")}
          </a>
        </div>
      ) : (
        <div className="cart-page__grid">
          <div>
            {summary.vendors > 1 ? (
              <p className="alert" data-testid="vendors-notice">
                {t("cart:severalVendors")}
              </p>
            ) : null}
            <ul className="cart-lines">
              {lines.map((l, i) => (
                <Line key={l.skuId} line={l} analytics={analytics[i]!} failure={failure} />
              ))}
            </ul>
          </div>
          <aside className="cart-page__side">
            <SummaryTable view={view} />
            {limitRefused ? (
              <p className="alert alert--error" role="alert" data-testid="checkout-limit">
                {t("cartPopup.max_products_checkout_count", { count: summary.items, max: maxItems })}
              </p>
            ) : null}
            <a className="button button--wide" href={href("/checkout")} onClick={toCheckout} data-testid="to-checkout">
              {t("cart:toCheckout")}
            </a>
            <PromoForm view={view} failure={failure} />
            <BonusesForm view={view} failure={failure} />
            <DeliveryForm view={view} failure={failure} />
          </aside>
        </div>
      )}
    </div>
  );
}
