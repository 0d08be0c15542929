import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/pay-payme";
import { readFormData, refused, parseForm } from "~/forms/parse.server";
import { devTexts, texts } from "~/i18n/resources.server";
import { useI18n } from "~/i18n/use-i18n";
import { DEV_PAYME_OUTCOMES, devPaymeSchema } from "~/orders/index";
import { paymeConfig, paymeParamsOf, playPayme } from "~/orders/index.server";
import { getApp } from "~/server/context.server";

/**
 * Development and tests only (DEV_PAYMENTS=1): a stand-in for Payme's checkout page
 * (/dev/pay/payme/<base64 parameters>). The shopper's choice makes the calls Payme's servers
 * would make to the shop's endpoint, then sends the shopper back to the order.
 */
function standIn(context: Route.LoaderArgs["context"]) {
  const app = getApp(context);
  if (app.env.DEV_PAYMENTS !== "1" || !paymeConfig(app.env)) throw data(null, { status: 404 });
  return app;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const app = standIn(context);
  const encoded = params["*"] ?? "";
  const checkout = paymeParamsOf(encoded);
  if (!checkout) throw data(null, { status: 404 });
  return {
    i18n: { ...texts(app.defaultLang, ["orders", "auth"]), ...devTexts(app.defaultLang) },
    encoded,
    order: checkout.order,
    // Payme's page shows so'm; the parameters carry tiyin.
    amount: String(checkout.amount / 100),
    outcomes: DEV_PAYME_OUTCOMES,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const app = standIn(context);
  const submission = parseForm(await readFormData(request), devPaymeSchema);
  if (submission.status !== "success") return data({ refused: true }, refused(400));
  throw redirect(await playPayme(app.env, app.origin, app.dispatch, submission.value), 303);
}

export const meta: Route.MetaFunction = () => [{ title: "Payme" }, { name: "robots", content: "noindex" }];

export default function DevPayme({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <section className="order-done" data-testid="dev-payme">
      <h1>{t("dev:standIn.paymeTitle")}</h1>
      {actionData ? (
        <p className="alert alert--error" role="alert">
          {t("dev:standIn.refused")}
        </p>
      ) : null}
      <p>{t("dev:standIn.order", { number: loaderData.order, amount: loaderData.amount })}</p>
      <Form method="post" className="form">
        <input type="hidden" name="params" value={loaderData.encoded} />
        {loaderData.outcomes.map((outcome) => (
          <button key={outcome} type="submit" name="outcome" value={outcome} className="button" data-testid={`dev-payme-${outcome}`}>
            {t(`dev:standIn.payme.${outcome}`)}
          </button>
        ))}
      </Form>
    </section>
  );
}
