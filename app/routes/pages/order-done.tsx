import { useEffect } from "react";
import { data, redirect } from "react-router";
import { ecommerceItem, firstTime, pushEcommerce } from "~/cart/index";
import type { Route } from "./+types/order-done";
import { getLang, getShopper } from "~/server/request.server";
import { readFormData, refused } from "~/forms/parse.server";
import { getI18n, localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { useI18n } from "~/i18n/use-i18n";
import { LineList } from "~/ui/line-list";
import { OrderDetails, OrderTimeline, PaymentState } from "~/orders/index";
import { localizeOrder, ownOrder, paymentView, runPayOnDelivery } from "~/orders/index.server";
import { getApp } from "~/server/context.server";

/** The order of this page, if the shopper owns it (the account, or the guest's session); else a 404. */
async function ownedOrder({ params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const app = getApp(context);
  const shopper = await getShopper(context);
  const number = /^[2-9A-Z]{4}-[2-9A-Z]{4}$/.test(params.number) ? params.number : "";
  const order = number ? await ownOrder(app.env.DB, number, shopper.owner) : null;
  if (!order) throw data(null, { status: 404 });
  return order;
}

/** The confirmation of a placed order, for its owner only: anyone else gets 404. */
export async function loader(args: Route.LoaderArgs) {
  const { context } = args;
  const lang = getLang(context);
  const app = getApp(context);
  const order = await localizeOrder(app.env.DB, lang, await ownedOrder(args));
  const analytics = order.lines.map((l, i) =>
    ecommerceItem({ id: l.skuId, name: l.name, price: l.salePrice, brand: l.brand, category: "", variant: l.color, quantity: l.quantity }, i),
  );
  return {
    i18n: texts(lang, ["orders"]),
    order,
    analytics,
    payment: await paymentView(app.env, order, { lang, defaultLang: app.defaultLang, origin: app.origin }),
    title: getI18n(context).t("orders:done.title"),
  };
}

/** An online order whose payment did not go through is paid on delivery instead (its owner's choice); the page shows it. */
export async function action(args: Route.ActionArgs) {
  const { context, request } = args;
  getLang(context);
  const app = getApp(context);
  const order = await ownedOrder(args);
  const form = await readFormData(request);
  if (form.get("intent") !== "pay-on-delivery") throw data(null, { status: 400 });
  const result = await runPayOnDelivery(app.env.DB, order, form);
  if (!result.ok) return data({ refused: result.error }, refused(result.status));
  throw redirect(localized(context, `/checkout/done/${order.number}`), 303);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...seo(matches, { title: loaderData?.title ?? "", path: `/checkout/done/${loaderData?.order.number ?? ""}`, noindex: true }),
];

export default function OrderDone({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useI18n();
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
      <PaymentState view={loaderData.payment} refused={actionData?.refused} />
      {order.payment.method === "online" ? null : <p>{t("orders:done.next")}</p>}
      <h2>{t("orders:done.lines")}</h2>
      <LineList lines={order.lines} testId="order-line" />
      <OrderDetails order={order} payment={loaderData.payment.state} />
      <OrderTimeline timeline={order.timeline} />
      <a className="button" href={href("/store")}>
        {t("orders:done.toCatalogue")}
      </a>
    </section>
  );
}
