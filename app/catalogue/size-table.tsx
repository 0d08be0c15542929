import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { RoutePopup } from "~/ui/route-popup";

export const SIZE_MEASURES = ["chest", "waist", "hips", "height", "foot"] as const;
export type SizeMeasure = (typeof SIZE_MEASURES)[number];

/** A shopper's sizes from their account (its personal details). */
export type SavedSizes = { shoe: string[]; clothing: string[] };

export type SizeTable = {
  /** The size scale: clothing, footwear, kids, kids-footwear. */
  kind: string;
  measures: SizeMeasure[];
  rows: { size: string; eu: string; ru: string; uz: string; measurements: Partial<Record<SizeMeasure, string>>; saved: boolean }[];
};

/** A size chart: the shop's size, its EU, RU and UZ equivalents, the measurements in cm; the shopper's own sizes marked. */
export function SizeChart({ table }: { table: SizeTable }) {
  const { t } = useI18n();
  return (
    <div className="size-table__scroll">
      <table className="size-table__table" data-testid="size-chart">
        <caption className="size-table__caption">{t("sizes:caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("sizes:size")}</th>
            <th scope="col">EU</th>
            <th scope="col">RU</th>
            <th scope="col">UZ</th>
            {table.measures.map((m) => (
              <th scope="col" key={m}>
                {t(`sizes:measures.${m}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r) => (
            <tr key={r.size} className={r.saved ? "size-table__saved" : undefined} data-testid="size-row" data-saved={r.saved || undefined}>
              <th scope="row">
                {r.size}
                {r.saved ? <span className="badge size-table__yours">{t("sizes:yours")}</span> : null}
              </th>
              <td>{r.eu}</td>
              <td>{r.ru}</td>
              <td>{r.uz}</td>
              {table.measures.map((m) => (
                <td key={m}>{r.measurements[m] ?? "—"}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const focusOpener = () => document.querySelector<HTMLElement>("[data-testid=size-table-link]");

/**
 * The size table of /product/<slug>/size-table, under the product: a page section without
 * JavaScript (the link's #size-table scrolls to it), a modal dialog with it (Escape and the
 * close link go back to the product; Tab stays inside; the focus returns to the link).
 */
export function SizeTablePopup({ product, table }: { product: { name: string; path: string }; table: SizeTable }) {
  const { t } = useI18n();
  return (
    <RoutePopup
      block="size-table"
      id="size-table"
      testId="size-table"
      title={t("sizes:title", { name: product.name })}
      close={product.path}
      closeLabel={t("sizes:close")}
      closeTestId="size-table-close"
      opener={focusOpener}
    >
      <SizeChart table={table} />
      <p>
        <Link to={product.path} preventScrollReset data-testid="size-table-back">
          {t("sizes:back")}
        </Link>
      </p>
    </RoutePopup>
  );
}
