import type { Route } from "./+types/ops-login";
import { getLang } from "~/server/request.server";
import { ConformForm, useReplyForm } from "~/forms/conform-form";
import { FormError } from "~/forms/form-error";
import { FormRow } from "~/forms/form-row";
import { getI18n } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { useI18n } from "~/i18n/use-i18n";
import { signIn } from "~/ops/index.server";

/** /ops/login: the operator pastes a key of the operations API (app/ops/console.server.ts). */
export function loader({ context }: Route.LoaderArgs) {
  const lang = getLang(context);
  return { i18n: texts(lang, ["ops"]), title: getI18n(context).t("ops:console.login.title") };
}

export function action({ context, request }: Route.ActionArgs) {
  getLang(context);
  return signIn({ context, request });
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }, { name: "robots", content: "noindex, nofollow" }];

export default function OpsLogin({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const form = useReplyForm({ id: "ops-login", lastResult: actionData });
  return (
    <section className="auth" data-testid="ops-login">
      <h1>{t("ops:console.login.title")}</h1>
      <ConformForm form={form} className="form">
        <p>{t("ops:console.login.lead")}</p>
        <FormError />
        <FormRow name="key" type="password" label={t("ops:console.login.key")} autoComplete="off" required maxLength={200} />
        <button type="submit" className="button" data-testid="ops-sign-in">
          {t("ops:console.login.submit")}
        </button>
      </ConformForm>
    </section>
  );
}
