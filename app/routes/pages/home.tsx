import { Link } from "react-router";
import type { Route } from "./+types/home";
import { getApp } from "~/server/context.server";
import { getLang, getOwnerRef } from "~/server/request.server";
import { favouritesLookup } from "~/favourites/index.server";
import { getCategories, getPopular } from "~/catalogue/index.server";
import { getI18n, localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { useI18n } from "~/i18n/use-i18n";
import { jsonForScript, ProductGrid, siteJsonLd } from "~/catalogue/index";
import { HTML_LANG } from "~/i18n/languages";

export async function loader({ context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const db = app.env.DB;
  const t = getI18n(context).t;
  const [categories, fresh, sale, hearts] = await Promise.all([
    getCategories(db, lang),
    getPopular(db, lang, 8, "new"),
    getPopular(db, lang, 4, "popular", true),
    getOwnerRef(context).then((owner) => favouritesLookup(db, owner)),
  ]);
  return {
    i18n: texts(lang, ["home", "product"]),
    title: t("home:title"),
    description: t("home:description"),
    jsonLd: jsonForScript(siteJsonLd(t("shopName"), app.origin, localized(context, "/"), localized(context, "/search"), HTML_LANG[lang])),
    sections: categories
      .filter((c) => c.depth === 0)
      .map((top) => ({
        ...top,
        children: categories.filter((c) => c.parentId === top.id),
      })),
    fresh,
    sale,
    favourites: await hearts([...fresh, ...sale].map((p) => p.id)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(matches, { title: loaderData?.title ?? "", description: loaderData?.description, path: "/" });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { sections, fresh, sale, favourites } = loaderData;
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }} />
      <section className="hero">
        <h1>{t("home:heading")}</h1>
        <p>{t("home:lead")}</p>
        <p className="hero__links">
          <Link to={href("/store")} className="button">
            {t("home:newArrivals")}
          </Link>
          <Link to={href("/store?sale=1")} className="button button--sale">
            {t("home:sale")}
          </Link>
        </p>
      </section>
      <section aria-labelledby="categories">
        <h2 id="categories">{t("home:categories")}</h2>
        <div className="tiles">
          {sections.map((s) => (
            <div key={s.path} className="tile">
              <Link to={href(`/store/${s.path}`)} className="tile__title">
                {s.name}
              </Link>
              <ul>
                {s.children.map((c) => (
                  <li key={c.path}>
                    <Link to={href(`/store/${c.path}`)}>{c.name}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
      <section aria-labelledby="new">
        <h2 id="new">
          <Link to={href("/store")}>{t("home:newArrivals")}</Link>
        </h2>
        <ProductGrid products={fresh} favourites={favourites} eagerCount={2} />
      </section>
      {sale.length ? (
        <section aria-labelledby="sale">
          <h2 id="sale">
            <Link to={href("/store?sale=1")}>{t("home:sale")}</Link>
          </h2>
          <ProductGrid products={sale} favourites={favourites} />
        </section>
      ) : null}
    </>
  );
}
