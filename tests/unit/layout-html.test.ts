import { createElement as h } from "react";
import { describe, expect, it } from "vitest";
import type { Lang } from "~/i18n/languages";
import type { MenuItem } from "~/root";
import { MenuGroups } from "~/layout/header";
import { menuInnerHtml } from "~/layout/menu-html.server";
import { renderPage } from "./render-page";

// The server writes the header's menu as a string; the browser renders <MenuGroups>: the same markup.

const menu: MenuItem[] = [
  { path: "women", name: "Ayollar", children: [{ path: "women/clothing", name: "Kiyim" }, { path: "women/footwear", name: `Poyabzal "Bahor" & <yoz>` }] },
  { path: "men", name: "O'g'il & erkaklar", children: [] },
  { path: "kids", name: "Bolalar", children: [{ path: "kids/clothing", name: "Kiyim" }] },
];

async function renderGroups(lang: Lang, defaultLang: Lang) {
  const { i18n, html } = await renderPage(lang, ["common"], () => h("nav", { id: "menu" }, h(MenuGroups, { menu })), { defaultLang });
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
