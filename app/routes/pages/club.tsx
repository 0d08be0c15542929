import type { Route } from "./+types/club";
import { getLang } from "~/server/request.server";
import { ClubAboutPage } from "~/account/index";
import { clubRulesOf } from "~/account/index.server";
import { getI18n } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { getApp } from "~/server/context.server";

/** The club explained, the same for everyone (the club badge's link): the rules as the cart applies them. */
export function loader({ context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const t = getI18n(context).t;
  return {
    i18n: texts(lang, ["account"], { account: ["club"] }),
    rules: clubRulesOf(getApp(context).env),
    title: t("account:club.aboutTitle"),
    description: t("account:club.aboutLead"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...seo(matches, { title: loaderData?.title ?? "", description: loaderData?.description, path: "/club", noindex: true }),
];

export default function Club({ loaderData }: Route.ComponentProps) {
  return <ClubAboutPage rules={loaderData.rules} />;
}
