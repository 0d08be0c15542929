import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/pay";
import { readFormData, refused, parseForm } from "~/forms/parse.server";
import { devTexts, texts } from "~/i18n/resources.server";
import { useI18n } from "~/i18n/use-i18n";
import { DEV_PAY_OUTCOMES, devPaySchema } from "~/orders/index";
import { clickConfig, playClick } from "~/orders/index.server";
import { getApp } from "~/server/context.server";

/**
 * Development and tests only (DEV_PAYMENTS=1): a stand-in for Click's hosted
 * payment page. The shopper's choice makes the calls Click's servers would make
 * to the shop's callbacks, then sends the shopper back to the order.
 */
function standIn(context: Route.LoaderArgs["context"]) {
  const app = getApp(context);
  if (app.env.DEV_PAYMENTS !== "1" || !clickConfig(app.env)) throw data(null, { status: 404 });
  return app;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = standIn(context);
  const query = new URL(request.url).searchParams;
  return {
    // "auth" for the orders door's schemas (the contact fields' messages).
    i18n: { ...texts(app.defaultLang, ["orders", "auth"]), ...devTexts(app.defaultLang) },
    order: query.get("transaction_param") ?? "",
    amount: query.get("amount") ?? "",
    returnUrl: query.get("return_url") ?? "",
    // From the loader, not imported by the page: then only the checkout's pages load the orders' schema module.
    outcomes: DEV_PAY_OUTCOMES,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const app = standIn(context);
  const submission = parseForm(await readFormData(request), devPaySchema);
  if (submission.status !== "success") return data({ refused: true }, refused(400));
  throw redirect(await playClick(app.env, app.origin, app.dispatch, submission.value), 303);
}

export const meta: Route.MetaFunction = () => [{ title: "Click" }, { name: "robots", content: "noindex" }];

export default function DevPay({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <section className="order-done" data-testid="dev-pay">
      <h1>{t("dev:standIn.title")}</h1>
      {actionData ? (
        <p className="alert alert--error" role="alert">
          {t("dev:standIn.refused")}
        </p>
      ) : null}
      <p>{t("dev:standIn.order", { number: loaderData.order, amount: loaderData.amount })}</p>
      <Form method="post" className="form">
        <input type="hidden" name="transaction_param" value={loaderData.order} />
        <input type="hidden" name="amount" value={loaderData.amount} />
        <input type="hidden" name="return_url" value={loaderData.returnUrl} />
        {loaderData.outcomes.map((outcome) => (
          <button key={outcome} type="submit" name="outcome" value={outcome} className="button" data-testid={`dev-pay-${outcome}`}>
            {t(`dev:standIn.${outcome}`)}
          </button>
        ))}
      </Form>
    </section>
  );
}
