import { Form } from "react-router";
import { ConformForm, useReplyForm } from "~/forms/conform-form";
import { FormError } from "~/forms/form-error";
import { FormRow } from "~/forms/form-row";
import type { FormReply } from "~/forms/parse";
import { formatUzs } from "~/i18n/format";
import type { Lang } from "~/i18n/languages";
import { useI18n } from "~/i18n/use-i18n";
import type { ConsoleItem } from "./console";

/** The console's item page: a product found by slug or size number, its prices and every size's stock. */
export function ItemView({
  item,
  query,
  queryError,
  lang,
  replyOf,
}: {
  item: ConsoleItem | null;
  query: string;
  queryError: string | null;
  lang: Lang;
  replyOf: (form: string) => FormReply | undefined;
}) {
  const { t } = useI18n();
  return (
    <>
      <Form method="get" className="form" reloadDocument>
        <div className={queryError ? "row row--error" : "row"}>
          <label htmlFor="ops-q">{t("ops:console.item.query")}</label>
          <input id="ops-q" name="q" defaultValue={query} required maxLength={120} />
          {queryError ? (
            <p className="alert alert--error" role="alert" data-testid="form-error">
              {t(queryError)}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button" data-testid="ops-find">
          {t("ops:console.item.find")}
        </button>
      </Form>
      {query && !queryError && !item ? <p data-testid="ops-item-missing">{t("ops:console.itemMissing")}</p> : null}
      {item ? (
        <div data-testid="ops-item" data-slug={item.slug}>
          <h2>{item.slug}</h2>
          <p data-testid="ops-item-prices">
            {formatUzs(item.salePrice, lang)} / {formatUzs(item.firstPrice, lang)}
          </p>
          <PriceForm item={item} lastResult={replyOf(item.slug)} />
          <table className="ops__stock">
            <tbody>
              {item.skus.map((s) => (
                <tr key={s.id} data-testid="ops-sku" data-sku={s.id}>
                  <th>
                    {s.size} (#{s.id})
                  </th>
                  <td data-testid="ops-sku-stock">{s.stock}</td>
                  <td>
                    <StockForm slug={item.slug} sku={s} lastResult={replyOf(String(s.id))} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

function PriceForm({ item, lastResult }: { item: ConsoleItem; lastResult?: FormReply }) {
  const { t } = useI18n();
  const form = useReplyForm({ id: "prices", lastResult, defaultValue: { firstPrice: String(item.firstPrice), salePrice: String(item.salePrice) } });
  return (
    <ConformForm form={form} className="form" action={`/ops/item?q=${item.slug}`}>
      <FormError />
      <input type="hidden" name="slug" value={item.slug} />
      <FormRow name="firstPrice" label={t("ops:console.item.firstPrice")} inputMode="numeric" required />
      <FormRow name="salePrice" label={t("ops:console.item.salePrice")} inputMode="numeric" required />
      <button type="submit" className="button" data-testid="ops-save-prices">
        {t("ops:console.item.savePrices")}
      </button>
    </ConformForm>
  );
}

function StockForm({ slug, sku, lastResult }: { slug: string; sku: { id: number; stock: number }; lastResult?: FormReply }) {
  const { t } = useI18n();
  const form = useReplyForm({ id: `stock-${sku.id}`, lastResult, defaultValue: { stock: String(sku.stock) } });
  return (
    <ConformForm form={form} className="form" action={`/ops/item?q=${slug}`}>
      <FormError />
      <input type="hidden" name="slug" value={slug} />
      <input type="hidden" name="sku" value={sku.id} />
      <FormRow name="stock" label={t("ops:console.item.stock")} inputMode="numeric" required />
      <button type="submit" className="button button--secondary" data-testid="ops-save-stock">
        {t("ops:console.item.saveStock")}
      </button>
    </ConformForm>
  );
}
