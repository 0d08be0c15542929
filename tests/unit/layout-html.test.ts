import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { formatUzs } from "~/i18n/format";
import type { Lang } from "~/i18n/languages";
import { texts } from "~/i18n/resources.server";
import { createT } from "~/i18n/translate";
import { I18nProvider, type I18n } from "~/i18n/use-i18n";
import { localizePath } from "~/i18n/url";
import type { MenuItem } from "~/root";
import { MenuGroups } from "~/ui/header";
import { menuInnerHtml } from "~/ui/menu-html.server";

// The server writes the header's menu as a string; the browser renders <MenuGroups>: the same markup.

const menu: MenuItem[] = [
  { path: "women", name: "Ayollar", children: [{ path: "women/clothing", name: "Kiyim" }, { path: "women/footwear", name: `Poyabzal "Bahor" & <yoz>` }] },
  { path: "men", name: "O'g'il & erkaklar", children: [] },
  { path: "kids", name: "Bolalar", children: [{ path: "kids/clothing", name: "Kiyim" }] },
];

async function renderGroups(lang: Lang, defaultLang: Lang) {
  const messages = texts(lang, ["common"]);
  const i18n: I18n = {
    lang,
    defaultLang,
    t: createT(lang, messages),
    href: (path) => localizePath(path, lang, defaultLang),
    price: (amount) => formatUzs(amount, lang),
  };
  const routes = [
    {
      id: "root",
      path: "/",
      loader: () => ({ lang, defaultLang, i18n: messages }),
      Component: () => h(I18nProvider, null, h("nav", { id: "menu" }, h(MenuGroups, { menu }))),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://shop.test/"));
  if (context instanceof Response) throw new Error("unexpected response");
  const html = renderToString(h(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
  return { i18n, inner: /<nav id="menu">(.*?)<\/nav>/.exec(html)![1] };
}

describe("the header menu as a string", () => {
  for (const [lang, defaultLang] of [["uz", "uz"], ["ru", "uz"], ["uk", "uz"], ["uz", "ru"]] as const) {
    it(`is what <MenuGroups> renders (${lang}, default ${defaultLang}): links, escaping, an empty group, the sale`, async () => {
      const { i18n, inner } = await renderGroups(lang, defaultLang);
      expect(inner).toContain('data-discover="true"');
      expect(menuInnerHtml(menu, i18n)).toBe(inner);
    });
  }
});
