import { useEffect } from "react";
import { data } from "react-router";
import { ecommerceItem, firstTime, pushEcommerce } from "~/cart/index";
import type { Route } from "./+types/order-done";
import { shopperOf } from "~/cart/index.server";
import { getI18n, requireLang } from "~/i18n/middleware.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { useI18n } from "~/i18n/use-i18n";
import { LineList } from "~/ui/line-list";
import { PaymentState } from "~/orders/index";
import { orderPayUrl, ownOrder, unpaidMinutes } from "~/orders/index.server";
import { getApp } from "~/server/context.server";

/** The confirmation of a placed order, for its owner only (the account, or the guest's session): anyone else gets 404. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const shopper = await shopperOf(app.env, request);
  const number = /^[2-9A-Z]{4}-[2-9A-Z]{4}$/.test(params.number) ? params.number : "";
  const order = number ? await ownOrder(app.env.DB, number, shopper.owner) : null;
  if (!order) throw data(null, { status: 404 });
  const analytics = order.lines.map((l, i) =>
    ecommerceItem({ id: l.skuId, name: l.name, price: l.salePrice, brand: l.brand, category: "", variant: l.color, quantity: l.quantity }, i),
  );
  return {
    i18n: texts(lang, ["orders"]),
    order,
    analytics,
    payUrl: orderPayUrl(app.env, order, lang, app.defaultLang, app.origin),
    minutes: unpaidMinutes(app.env),
    title: getI18n(context).t("orders:done.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...seo(matches, { title: loaderData?.title ?? "", path: `/checkout/done/${loaderData?.order.number ?? ""}`, noindex: true }),
];

export default function OrderDone({ loaderData }: Route.ComponentProps) {
  const { t, href, price } = useI18n();
  const { order, analytics } = loaderData;
  // The purchase, once per order in this tab (a reload of the page is not a second one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per order
  useEffect(() => {
    if (firstTime(`purchase:${order.number}`))
      pushEcommerce("purchase", analytics, { transaction_id: order.number, value: order.totals.total, shipping: order.totals.deliveryCost });
  }, [order.number]);
  return (
    <section className="order-done" data-testid="order-done">
      <h1>{t("orders:done.title")}</h1>
      <p className="alert alert--success" data-testid="order-number">
        {t("orders:done.number", { number: order.number })}
      </p>
      <PaymentState order={order} payUrl={loaderData.payUrl} minutes={loaderData.minutes} />
      {order.payment.method === "online" ? null : <p>{t("orders:done.next")}</p>}
      <h2>{t("orders:done.lines")}</h2>
      <LineList lines={order.lines} testId="order-line" />
      <dl className="summary">
        <div className="summary__row">
          <dt>{t("orders:done.delivery")}</dt>
          <dd data-testid="order-address">{order.delivery.address}</dd>
        </div>
        <div className="summary__row">
          <dt>{t("orders:done.deliveryCost")}</dt>
          <dd>{order.delivery.cost === 0 ? t("orders:done.free") : price(order.delivery.cost)}</dd>
        </div>
        <div className="summary__row">
          <dt>{t("orders:done.payment")}</dt>
          <dd data-testid="order-payment">
            {t(`orders:payment.${order.payment.method}`)}
            {order.payment.method === "online" ? ` · ${t(order.payment.paid ? "orders:payment.paid" : "orders:payment.awaiting")}` : null}
          </dd>
        </div>
        <div className="summary__row summary__row--total">
          <dt>{t("orders:done.total")}</dt>
          <dd data-testid="order-total">{price(order.totals.total)}</dd>
        </div>
      </dl>
      <a className="button" href={href("/store")}>
        {t("orders:done.toCatalogue")}
      </a>
    </section>
  );
}
