import { useNavigation } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import type { CartView } from "./cart.server";
import { CartError, CartForm, type Failure, OneFieldForm } from "./cart-form";

export function PromoForm({ view, failure }: { view: CartView; failure: Failure | null }) {
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
    <OneFieldForm
      failure={failure}
      className="promo"
      formTestId="promo-form"
      name="promoCode"
      label={t("cart:promoLabel")}
      intent="promo-apply"
      button={t("cart:promoApply")}
      testId="promo"
      input={{ autoComplete: "off", autoCapitalize: "characters", maxLength: 32 }}
    >
      {summary.promoCode && summary.promoProblem ? (
        <p className="alert alert--error" data-testid="promo-lapsed">
          {t("cart:promoLapsed", { code: summary.promoCode })} {t(`cart:errors.promo.${summary.promoProblem}`)}
        </p>
      ) : null}
    </OneFieldForm>
  );
}

export function BonusesForm({ view, failure }: { view: CartView; failure: Failure | null }) {
  const { t, price } = useI18n();
  const { bonuses } = view.summary;
  // Club card holders with available bonuses above 0.
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
        <OneFieldForm
          failure={failure}
          initial={String(bonuses.canBeUsed)}
          className="promo"
          name="bonuses"
          label={t("cart:bonusesLabel")}
          intent="bonuses-apply"
          button={t("cart:bonusesApply")}
          testId="bonuses"
          input={{ type: "number", inputMode: "numeric", min: 1, max: bonuses.canBeUsed, step: 1 }}
        />
      ) : null}
    </section>
  );
}

/** A delivery type by name, offered before a city is chosen (its price comes with the city). */
export type DeliveryTypeChoice = { id: number; uuid: string; title: string };

export function DeliveryForm({ view, types, failure }: { view: CartView; types: DeliveryTypeChoice[]; failure: Failure | null }) {
  const { t, price } = useI18n();
  const { summary } = view;
  const recalculating = useNavigation().formData?.get("intent") === "delivery";
  // A type sent without a city comes back refused: still picked (the page is new without JavaScript).
  const picked = failure?.intent === "delivery" ? String(failure.reply.initialValue?.deliveryTypeId ?? "") : "";
  // The city's types with their cost; before a city is chosen, the types by name (sent with the city).
  const priced = view.deliveryOptions.length > 0;
  const rows: (DeliveryTypeChoice | CartView["deliveryOptions"][number])[] = priced ? view.deliveryOptions : view.cityId === null ? types : [];
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
            {rows.length > 0 ? (
              <ul className="delivery__types" key={view.cityId ?? "none"}>
                {rows.map((o) => (
                  <li key={o.id}>
                    <label>
                      <input
                        type="radio"
                        name="deliveryTypeId"
                        value={o.id}
                        defaultChecked={priced ? o.id === view.deliveryTypeId : String(o.id) === picked}
                        // Before a city a type has no submission of its own: it goes with the city.
                        onChange={priced ? submit : undefined}
                        data-testid={`delivery-type-${o.uuid}`}
                      />
                      <span>{o.title}</span>
                      {"price" in o ? (
                        <>
                          {" "}
                          <span className="delivery__cost">
                            {o.price === 0 ? t("cart:free") : price(o.price)}
                            {o.freeFrom > 0 ? ` · ${t("cart:freeFrom", { amount: price(o.freeFrom) })}` : ""}
                          </span>{" "}
                          <span className="delivery__time">{o.estimated}</span>
                        </>
                      ) : null}
                    </label>
                  </li>
                ))}
              </ul>
            ) : null}
            {!priced && rows.length > 0 ? <p className="delivery__note">{t("cart:priceAfterCity")}</p> : null}
            <button type="submit" className="button button--ghost button--small" data-testid="delivery-apply">
              {t("cart:deliveryApply")}
            </button>
            {summary.delivery ? <p data-testid="delivery-estimate">{t("cart:deliveryEstimate", { time: summary.delivery.estimated })}</p> : null}
            {recalculating ? <p aria-live="polite">{t("cart:recalculating")}</p> : null}
            <CartError error={error} testId="delivery-error" />
          </fieldset>
        );
      }}
    </CartForm>
  );
}
