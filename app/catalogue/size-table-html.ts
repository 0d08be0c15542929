import { escapeHtml } from "~/ui/html";
import type { SizeTable } from "./size-table";

type T = (key: string, vars?: Record<string, string | number>) => string;

/**
 * A product's size table as a popup's content alone (the loader's fragment of
 * /product/<slug>/size-table): its title and the chart SizeChart draws on the page.
 */
export function sizeTableHtml(name: string, table: SizeTable, t: T): string {
  const head = ['<th scope="col">', escapeHtml(t("sizes:size")), '</th><th scope="col">EU</th><th scope="col">RU</th><th scope="col">UZ</th>'];
  for (const m of table.measures) head.push(`<th scope="col">${escapeHtml(t(`sizes:measures.${m}`))}</th>`);
  const rows = table.rows.map((r) => {
    const yours = r.saved ? `<span class="badge size-table__yours">${escapeHtml(t("sizes:yours"))}</span>` : "";
    const cells = [r.eu, r.ru, r.uz, ...table.measures.map((m) => r.measurements[m] ?? "—")].map((c) => `<td>${escapeHtml(c)}</td>`).join("");
    const saved = r.saved ? ` class="size-table__saved" data-saved="true"` : "";
    return `<tr${saved} data-testid="size-row"><th scope="row">${escapeHtml(r.size)}${yours}</th>${cells}</tr>`;
  });
  return (
    `<section class="size-table" data-testid="size-table"><h2 class="size-table__title">${escapeHtml(t("sizes:title", { name }))}</h2>` +
    `<div class="size-table__scroll"><table class="size-table__table" data-testid="size-chart"><caption class="size-table__caption">${escapeHtml(t("sizes:caption"))}</caption>` +
    `<thead><tr>${head.join("")}</tr></thead><tbody>${rows.join("")}</tbody></table></div></section>`
  );
}
