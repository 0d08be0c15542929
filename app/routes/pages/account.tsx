import { data, Form, redirect } from "react-router";
import { getLang } from "~/server/request.server";
import type { Route } from "./+types/account";
import { AccountPage } from "~/account/index";
import { getAccount, runAccountAction, type Section } from "~/account/index.server";
import { normalizePhone } from "~/forms/phone";
import { requireUserId } from "~/auth/index.server";
import { getApp } from "~/server/context.server";
import { readFormData, refused } from "~/forms/parse.server";
import { getI18n, localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { useI18n } from "~/i18n/use-i18n";

const SECTIONS: Section[] = ["personal", "kids", "addresses", "phone", "email"];

export async function loader({ context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const userId = await requireUserId(context, localized(context, "/login"));
  const account = await getAccount(app.env.DB, userId);
  if (!account) throw data(null, { status: 404 });
  const url = new URL(request.url);
  // What the last action did is named by the URL, so it shows without JavaScript after the redirect.
  const section = url.searchParams.get("section") as Section | null;
  const key = url.searchParams.get("notice");
  const emailLink = url.searchParams.get("email");
  const notice =
    section && SECTIONS.includes(section) && key && /^[a-zA-Z]{1,20}$/.test(key)
      ? { section, key }
      : emailLink === "confirmed" || emailLink === "link-invalid" || emailLink === "resent" || emailLink === "changed"
        ? { section: "email" as Section, key: emailLink === "link-invalid" ? "linkInvalid" : emailLink }
        : null;
  return {
    i18n: texts(lang, ["auth", "account", "orders"]),
    account,
    notice,
    pendingPhone: normalizePhone(url.searchParams.get("phone") ?? ""),
    // Right after signing up (the sign-up's redirect names it).
    welcome: url.searchParams.get("welcome") === "1",
    title: getI18n(context).t("auth:account.title"),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const accountPath = localized(context, "/account");
  const userId = await requireUserId(context, localized(context, "/login"));
  const result = await runAccountAction(await readFormData(request), {
    env: app.env,
    request,
    userId,
    t: getI18n(context).t,
    origin: app.origin,
    lang,
    defaultLang: app.defaultLang,
  });
  if (result.ok) {
    const query = new URLSearchParams({ section: result.section, notice: result.notice, ...result.query });
    return redirect(`${accountPath}?${query}#${result.section}`, 303);
  }
  const { status, retryAfter, ok: _, ...failure } = result;
  return data(failure, refused(status, retryAfter));
}

/** Retry-After of a 429 reaches the document response too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [...seo(matches, { title: loaderData?.title ?? "", path: "/account", noindex: true })];

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { account } = loaderData;
  const failure = actionData ?? null;
  return (
    <div className="account">
      <h1>{t("auth:account.title")}</h1>
      {loaderData.welcome ? (
        <div className="alert alert--success" role="status" data-testid="welcome">
          <p>{t("auth:signup.welcome", { name: account.details.firstName })}</p>
          {account.details.email && !account.details.emailConfirmed ? <p>{t("auth:signup.confirmSent", { email: account.details.email })}</p> : null}
        </div>
      ) : null}
      <p data-testid="greeting">{t("auth:account.greeting", { name: account.details.firstName || account.details.phone || "" })}</p>
      <p>
        <a href={href("/account/orders")} data-testid="orders-link">
          {t("orders:history.title")}
        </a>
      </p>
      <p>
        <a href={href("/account/club")} data-testid="club-link">
          {t("account:club.title")}
        </a>
      </p>
      <AccountPage account={account} notice={failure ? null : loaderData.notice} failure={failure} pendingPhone={loaderData.pendingPhone} />
      <Form method="post" action={href("/logout")}>
        <button type="submit" className="button button--ghost" data-testid="logout">
          {t("auth:account.logout")}
        </button>
      </Form>
    </div>
  );
}
