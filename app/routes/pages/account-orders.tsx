import { data, Form, redirect } from "react-router";
import { getLang } from "~/server/request.server";
import type { Route } from "./+types/account-orders";
import { requireUserId } from "~/auth/index.server";
import { readFormData, refused } from "~/forms/parse.server";
import { getI18n, localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { useI18n } from "~/i18n/use-i18n";
import { DayDate } from "~/ui/date";
import { LineList } from "~/ui/line-list";
import { OrderDetails, OrderTimeline, PaymentState } from "~/orders/index";
import { cancelOrder, localizeOrder, ordersOf, ownOrder, paymentView, runPayOnDelivery } from "~/orders/index.server";
import { getApp } from "~/server/context.server";

const PER_PAGE = 10;

/** The account's orders (newest first, paged), or one of them with its lines and, while new, a cancel button. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const userId = await requireUserId(context, localized(context, "/login"));
  const t = getI18n(context).t;
  if (params.number) {
    const found = await ownOrder(app.env.DB, params.number, { userId, guestKey: null });
    if (!found) throw data(null, { status: 404 });
    const order = await localizeOrder(app.env.DB, lang, found);
    const payment = await paymentView(app.env, order, { lang, defaultLang: app.defaultLang, origin: app.origin });
    const title = t("orders:done.number", { number: order.number });
    return { i18n: texts(lang, ["orders"]), order, payment, list: null, page: 1, pages: 1, title };
  }
  const page = Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1);
  const list = await ordersOf(app.env.DB, userId, page, PER_PAGE);
  const pages = Math.max(1, Math.ceil(list.total / PER_PAGE));
  if (page > pages) throw data(null, { status: 404 });
  return { i18n: texts(lang, ["orders"]), order: null, payment: null, list: list.items, page, pages, title: t("orders:history.title") };
}

/**
 * Cancel (the owner, while the order is new): its stock comes back. Or, once
 * an online payment did not go through, pay on delivery instead.
 */
export async function action({ params, context, request }: Route.ActionArgs) {
  getLang(context);
  const app = getApp(context);
  const userId = await requireUserId(context, localized(context, "/login"));
  const form = await readFormData(request);
  const intent = form.get("intent");
  if ((intent !== "cancel" && intent !== "pay-on-delivery") || !params.number) throw data(null, { status: 400 });
  if (intent === "pay-on-delivery") {
    const order = await ownOrder(app.env.DB, params.number, { userId, guestKey: null });
    if (!order) throw data(null, { status: 404 });
    const result = await runPayOnDelivery(app.env.DB, order, form);
    if (!result.ok) return data({ cancelled: null, refused: result.error }, refused(result.status));
    throw redirect(localized(context, `/account/orders/${order.number}`), 303);
  }
  const cancelled = await cancelOrder(app.env.DB, params.number, userId);
  return data({ cancelled, refused: null }, { status: cancelled ? 200 : 409 });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...seo(matches, { title: loaderData?.title ?? "", path: "/account/orders", noindex: true }),
];

export default function AccountOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href, price } = useI18n();
  const { order, payment, list, page, pages } = loaderData;
  if (order && payment) {
    return (
      <section className="account" data-testid="order-page">
        <h1>{t("orders:done.number", { number: order.number })}</h1>
        {actionData && actionData.cancelled !== null ? (
          <p className={actionData.cancelled ? "alert alert--success" : "alert alert--error"} role="status" data-testid="cancel-result">
            {t(actionData.cancelled ? "orders:history.cancelled" : "orders:history.notCancellable")}
          </p>
        ) : null}
        <p data-testid="order-status">{t(`orders:status.${order.state}`)}</p>
        <PaymentState view={payment} refused={actionData?.refused} />
        <LineList lines={order.lines} testId="order-line" />
        <OrderDetails order={order} payment={payment.state} />
        <OrderTimeline timeline={order.timeline} />
        {/* The shopper may cancel until the shop packs the order. */}
        {order.status === "new" && (order.state === "new" || order.state === "confirmed") ? (
          <Form method="post">
            <button type="submit" name="intent" value="cancel" className="button button--ghost" data-testid="cancel-order">
              {t("orders:history.cancel")}
            </button>
          </Form>
        ) : null}
        <a href={href("/account/orders")}>{t("orders:history.title")}</a>
      </section>
    );
  }
  return (
    <section className="account" data-testid="order-history">
      <h1>{t("orders:history.title")}</h1>
      {list?.length ? (
        <ul className="checkout__lines">
          {list.map((o) => (
            <li key={o.id} data-testid="history-order">
              <a href={href(`/account/orders/${o.number}`)}>{o.number}</a> · <DayDate seconds={o.createdAt} /> · {t(`orders:status.${o.state}`)} ·{" "}
              {price(o.totals.total)}
            </li>
          ))}
        </ul>
      ) : (
        <p data-testid="history-empty">{t("orders:history.empty")}</p>
      )}
      {pages > 1 ? (
        <p>
          {page > 1 ? <a href={href(`/account/orders?page=${page - 1}`)}>←</a> : null} {page} / {pages}{" "}
          {page < pages ? <a href={href(`/account/orders?page=${page + 1}`)}>→</a> : null}
        </p>
      ) : null}
    </section>
  );
}
