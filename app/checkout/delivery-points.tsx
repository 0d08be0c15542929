import { useField } from "@conform-to/react";
import { useState } from "react";
import { FieldError } from "~/forms/form-row";
import { useI18n } from "~/i18n/use-i18n";
import { useHydrated } from "~/ui/hydrated";
import type { CheckoutData } from "./flow.server";

/**
 * The stores (pickup) or post offices (post) of the city for one type, and the
 * chosen one's address and hours as soon as it is chosen: with JavaScript as
 * the select changes; without it, its "show" button saves the choice and the
 * step comes back open with them. With JavaScript a search field narrows the
 * list as the shopper types (name, number, mall or address), as the city's
 * search does; without it the whole list is the select's.
 */
export function DeliveryPoints({ data, typeId, uuid, showError }: { data: CheckoutData; typeId: number; uuid: string; showError: boolean }) {
  const { t, lang } = useI18n();
  const hydrated = useHydrated();
  const [field] = useField<string>("pointId");
  // The error belongs to the type it was refused for (one element with its id).
  const invalid = showError && Boolean(field.errors?.length);
  const points = data.pointsByType[typeId] ?? [];
  const saved = data.view.deliveryTypeId === typeId ? points.find((p) => p.id === data.draft.pointId) : undefined;
  const [chosenId, setChosenId] = useState(saved?.id ?? null);
  const chosen = points.find((p) => p.id === chosenId);
  const id = `checkout-point-${uuid}`;
  const [query, setQuery] = useState("");
  const words = query.trim().toLocaleLowerCase(lang).split(/\s+/).filter(Boolean);
  const matches = (p: (typeof points)[number]) => {
    const text = `${p.title} ${p.label} ${p.address}`.toLocaleLowerCase(lang);
    return words.every((w) => text.includes(w));
  };
  const found = words.length ? points.filter(matches).length : points.length;
  return (
    <div className="row">
      <label htmlFor={id}>{t("orders:checkout.point")}</label>
      {hydrated ? (
        <input
          type="search"
          className="point-search"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          placeholder={t("orders:checkout.searchPoint")}
          aria-label={t("orders:checkout.searchPoint")}
          aria-controls={id}
          data-testid={`point-search-${uuid}`}
        />
      ) : null}
      {hydrated && found === 0 ? (
        <p className="point-search__none" role="status" data-testid={`point-search-none-${uuid}`}>
          {t("orders:select.noResults")}
        </p>
      ) : null}
      <div className="point-choice">
        <select
          id={id}
          name={`point-${typeId}`}
          defaultValue={saved?.id ?? ""}
          data-testid={id}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? field.errorId : undefined}
          onChange={(e) => setChosenId(Number(e.currentTarget.value) || null)}
        >
          <option value="" disabled>
            {t("orders:checkout.choosePoint")}
          </option>
          {points.map((p) => (
            // What the search leaves out is hidden, never the chosen one.
            <option key={p.id} value={p.id} hidden={words.length > 0 && p.id !== chosenId && !matches(p)}>
              {p.title}
              {p.label ? ` — ${p.label}` : ""}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <button type="submit" name="intent" value="point" className="button button--ghost button--small" data-testid={`show-point-${uuid}`}>
            {t("orders:checkout.showPoint")}
          </button>
        )}
      </div>
      {showError ? <FieldError name="pointId" /> : null}
      <div aria-live="polite">
        {chosen ? (
          <div className="selected-point" data-testid={`point-details-${uuid}`}>
            <p>
              <strong>{chosen.title}</strong>
              {chosen.label ? ` · ${chosen.label}` : ""}
            </p>
            <p>{chosen.address}</p>
            {chosen.phone ? <p>{chosen.phone}</p> : null}
            {chosen.schedule ? (
              <div data-testid={`point-schedule-${uuid}`}>
                <p className="selected-point__title">{t("orders:checkout.schedule")}</p>
                <p>{chosen.schedule}</p>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
