import { data } from "react-router";
import { getLang } from "~/server/request.server";
import type { Route } from "./+types/account-club";
import { ClubCardPage } from "~/account/index";
import { clubCard } from "~/account/index.server";
import { requireUserId } from "~/auth/index.server";
import { getI18n, localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { getApp } from "~/server/context.server";

/** The signed-in shopper's club card: number, bonus balance, what the card did per order, the rules. */
export async function loader({ context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const userId = await requireUserId(context, localized(context, "/login"));
  const club = await clubCard(app.env, userId);
  if (!club) throw data(null, { status: 404 });
  return { i18n: texts(lang, ["account"], { account: ["club"] }), club, title: getI18n(context).t("account:club.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...seo(matches, { title: loaderData?.title ?? "", path: "/account/club", noindex: true }),
];

export default function AccountClub({ loaderData }: Route.ComponentProps) {
  return <ClubCardPage club={loaderData.club} />;
}
