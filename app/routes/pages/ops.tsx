import { data, Form, Link, redirect } from "react-router";
import { getLang } from "~/server/request.server";
import type { Route } from "./+types/ops";
import { ConformForm, useReplyForm } from "~/forms/conform-form";
import { FormError } from "~/forms/form-error";
import { FormRow } from "~/forms/form-row";
import type { FormReply } from "~/forms/parse";
import { formatUzs } from "~/i18n/format";
import { getI18n } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { useI18n } from "~/i18n/use-i18n";
import { CONSOLE_PAGES, MoneyView, type ConsoleItem, type ConsoleMiss, type ConsoleOrder, type ConsoleSection, type ConsoleSynonym } from "~/ops/index";
import { CONSOLE_SECTIONS, consoleAction, consoleData, requireConsole } from "~/ops/index.server";

import { getApp } from "~/server/context.server";

const sectionOf = (section: string | undefined): ConsoleSection | null => CONSOLE_PAGES.find((s) => s === section) ?? null;

/** /ops/<section>: the operator console (app/ops/console.server.ts); /ops alone goes to its first section. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const section = sectionOf(params.section);
  if (!params.section) throw redirect("/ops/reviews", 303);
  if (!section) throw data(null, { status: 404 });
  const { client, allowed } = await requireConsole({ context, request }, section);
  const url = new URL(request.url);
  const base = {
    i18n: texts(lang, ["ops", "reviews"]),
    title: getI18n(context).t(`ops:console.${section}.title`),
    section,
    lang,
    client: client.name,
    scope: CONSOLE_SECTIONS[section],
    done: url.searchParams.has("done"),
  };
  if (!allowed) return data({ ...base, allowed: false as const }, { status: 403 });
  return { ...base, allowed: true as const, ...(await consoleData(getApp(context).env.DB, section, url)) };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  getLang(context);
  const section = sectionOf(params.section);
  if (!section) throw data(null, { status: 404 });
  return consoleAction({ context, request }, section);
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders);

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }, { name: "robots", content: "noindex, nofollow" }];

type Reply = { form: string; reply: FormReply; notice?: string | null } | undefined;
const replyFor = (actionData: Reply, form: string) => (actionData?.form === form ? actionData.reply : undefined);

export default function Ops({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const d = loaderData;
  return (
    <section className="ops" data-testid="ops-console">
      <nav className="ops__nav">
        {CONSOLE_PAGES.map((s) => (
          <Link key={s} to={`/ops/${s}`} reloadDocument aria-current={s === d.section ? "page" : undefined} data-testid={`ops-nav-${s}`}>
            {t(`ops:console.${s}.title`)}
          </Link>
        ))}
        <span data-testid="ops-client">{d.client}</span>
        <Form method="post" action="/ops/logout" reloadDocument>
          <button type="submit" className="button button--secondary" data-testid="ops-sign-out">
            {t("ops:console.signOut")}
          </button>
        </Form>
      </nav>
      <h1>{d.title}</h1>
      {d.done ? (
        <p className="alert alert--success" role="status" data-testid="ops-done">
          {t("ops:console.done")}
        </p>
      ) : null}
      {(actionData as Reply)?.notice ? (
        <p className="alert alert--error" role="alert" data-testid="form-error">
          {t((actionData as Reply)!.notice!)}
        </p>
      ) : null}
      {!d.allowed ? (
        <p className="alert alert--error" data-testid="ops-forbidden">
          {t("ops:console.scopeNeeded", { scope: d.scope })}
        </p>
      ) : "reviews" in d ? (
        <Reviews reviews={d.reviews ?? []} actionData={actionData as Reply} />
      ) : "refunds" in d ? (
        <MoneyView refunds={d.refunds} receipts={d.receipts} findings={d.findings} lang={d.lang} replyOf={(form) => replyFor(actionData as Reply, form)} />
      ) : "orders" in d ? (
        <Orders orders={d.orders ?? []} lang={d.lang} actionData={actionData as Reply} />
      ) : "misses" in d ? (
        <Search misses={d.misses ?? []} synonyms={d.synonyms ?? []} teach={d.teach ?? ""} teachLang={d.teachLang ?? "ru"} actionData={actionData as Reply} />
      ) : "item" in d ? (
        <Item item={d.item ?? null} query={d.query ?? ""} queryError={d.queryError ?? null} lang={d.lang} actionData={actionData as Reply} />
      ) : null}
    </section>
  );
}

type PendingReview = { id: number; product_slug: string; user_name: string; rating: number; text: string; version: number; created_at: string };

function Reviews({ reviews, actionData }: { reviews: PendingReview[]; actionData: Reply }) {
  const { t } = useI18n();
  if (!reviews.length) return <p data-testid="ops-empty">{t("ops:console.reviews.none")}</p>;
  return (
    <ul className="ops__list">
      {reviews.map((r) => (
        <li key={r.id} data-testid="ops-review" data-id={r.id}>
          <ReviewForm review={r} lastResult={replyFor(actionData, String(r.id))} />
        </li>
      ))}
    </ul>
  );
}

function ReviewForm({ review, lastResult }: { review: PendingReview; lastResult?: FormReply }) {
  const { t } = useI18n();
  const form = useReplyForm({ id: `review-${review.id}`, lastResult });
  return (
    <ConformForm form={form} className="form">
      <p>
        <a href={`/product/${review.product_slug}`}>{review.product_slug}</a> · {review.user_name} · {"★".repeat(review.rating)} · {review.created_at}
      </p>
      <blockquote data-testid="ops-review-text">{review.text}</blockquote>
      <FormError />
      <input type="hidden" name="id" value={review.id} />
      <input type="hidden" name="version" value={review.version} />
      <FormRow name="reason" label={t("ops:console.reviews.reason")} maxLength={500} />
      <button type="submit" name="decision" value="publish" className="button" data-testid="ops-publish">
        {t("ops:console.reviews.publish")}
      </button>{" "}
      <button type="submit" name="decision" value="reject" className="button button--secondary" data-testid="ops-reject">
        {t("ops:console.reviews.reject")}
      </button>
    </ConformForm>
  );
}

function Orders({ orders, lang, actionData }: { orders: ConsoleOrder[]; lang: Route.ComponentProps["loaderData"]["lang"]; actionData: Reply }) {
  const { t } = useI18n();
  if (!orders.length) return <p data-testid="ops-empty">{t("ops:console.orders.none")}</p>;
  return (
    <ul className="ops__list">
      {orders.map((o) => (
        <li key={o.id} data-testid="ops-order" data-number={o.number}>
          <OrderForm order={o} lang={lang} lastResult={replyFor(actionData, String(o.id))} />
        </li>
      ))}
    </ul>
  );
}

function OrderForm({ order, lang, lastResult }: { order: ConsoleOrder; lang: Route.ComponentProps["loaderData"]["lang"]; lastResult?: FormReply }) {
  const { t } = useI18n();
  const form = useReplyForm({ id: `order-${order.id}`, lastResult });
  return (
    <ConformForm form={form} className="form">
      <p>
        <strong>{order.number}</strong> · <span data-testid="ops-order-state">{t(`ops:console.states.${order.state}`)}</span> · {formatUzs(order.total, lang)} ·{" "}
        {t(`ops:console.payments.${order.payment}`)}
        {order.tracking ? ` · ${order.tracking}` : ""}
      </p>
      {order.refund ? (
        <p data-testid="ops-refund" data-state={order.refund.state}>
          {t(`ops:console.refund.${order.refund.state}`, { amount: formatUzs(order.refund.amount, lang), attempts: order.refund.attempts })}
          {order.refund.lastError ? ` · ${order.refund.lastError}` : ""}
        </p>
      ) : null}
      <FormError />
      <input type="hidden" name="id" value={order.id} />
      {order.steps.includes("shipped") ? <FormRow name="tracking" label={t("ops:console.orders.tracking")} maxLength={64} /> : null}
      {order.steps.map((step) => (
        <button key={step} type="submit" name="status" value={step} className="button button--secondary" data-testid={`ops-step-${step}`}>
          {t(`ops:console.steps.${step}`)}
        </button>
      ))}
    </ConformForm>
  );
}

function Item({
  item,
  query,
  queryError,
  lang,
  actionData,
}: {
  item: ConsoleItem | null;
  query: string;
  queryError: string | null;
  lang: Route.ComponentProps["loaderData"]["lang"];
  actionData: Reply;
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
          <PriceForm item={item} lastResult={replyFor(actionData, item.slug)} />
          <table className="ops__stock">
            <tbody>
              {item.skus.map((s) => (
                <tr key={s.id} data-testid="ops-sku" data-sku={s.id}>
                  <th>
                    {s.size} (#{s.id})
                  </th>
                  <td data-testid="ops-sku-stock">{s.stock}</td>
                  <td>
                    <StockForm slug={item.slug} sku={s} lastResult={replyFor(actionData, String(s.id))} />
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

/** This week's searches that found nothing (or were corrected), each with a link to teach its word; the form to teach one; the words taught. */
function Search({
  misses,
  synonyms,
  teach,
  teachLang,
  actionData,
}: {
  misses: ConsoleMiss[];
  synonyms: ConsoleSynonym[];
  teach: string;
  teachLang: string;
  actionData: Reply;
}) {
  const { t } = useI18n();
  const form = useReplyForm({ id: "synonym", lastResult: replyFor(actionData, "synonym"), defaultValue: { word: teach, lang: teachLang } });
  // What was chosen stays chosen when the form comes back refused (without JavaScript too).
  const lang = String(form.getFieldset().lang.initialValue ?? teachLang);
  return (
    <>
      <h2>{t("ops:console.searches.misses")}</h2>
      {misses.length ? (
        <table className="ops__table" data-testid="ops-misses">
          <thead>
            <tr>
              <th scope="col">{t("ops:console.searches.query")}</th>
              <th scope="col">{t("ops:console.searches.lang")}</th>
              <th scope="col">{t("ops:console.searches.count")}</th>
              <th scope="col">{t("ops:console.searches.corrected")}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {misses.map((m) => (
              <tr key={`${m.lang}:${m.query}`} data-testid="ops-miss">
                <th scope="row">{m.query}</th>
                <td>{m.lang}</td>
                <td>{m.count}</td>
                <td>{m.correctedTo ?? t("ops:console.searches.nothing")}</td>
                <td>
                  <a href={`/ops/searches?teach=${encodeURIComponent(m.query)}&teach_lang=${m.lang}#synonym`}>{t("ops:console.searches.teach")}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p data-testid="ops-empty">{t("ops:console.searches.none")}</p>
      )}
      <h2 id="synonym">{t("ops:console.searches.add")}</h2>
      <ConformForm form={form} className="form" data-testid="ops-synonym">
        <FormError />
        <FormRow name="word" label={t("ops:console.searches.word")} maxLength={60} required />
        <FormRow name="means" label={t("ops:console.searches.means")} maxLength={60} required />
        <div className="row">
          <label htmlFor="ops-synonym-lang">{t("ops:console.searches.lang")}</label>
          <select id="ops-synonym-lang" name="lang" defaultValue={lang}>
            {["uz", "ru", "uk"].map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" data-testid="ops-teach">
          {t("ops:console.searches.add")}
        </button>
      </ConformForm>
      <h2>{t("ops:console.searches.taught")}</h2>
      {synonyms.length ? (
        <ul className="ops__list" data-testid="ops-synonyms">
          {synonyms.map((s) => (
            <li key={s.id}>{`${s.word} → ${s.means} (${s.lang})`}</li>
          ))}
        </ul>
      ) : (
        <p>{t("ops:console.searches.noSynonyms")}</p>
      )}
    </>
  );
}
