import { escapeHtml, escapeUrl } from "~/ui/html";
import type { I18n } from "~/i18n/use-i18n";
import type { MenuItem } from "~/root";

/** A `<Link>` as React Router renders it on the server (tests/unit/layout-html.test.ts holds it so). */
function link(href: string, text: string, className?: string): string {
  return `<a${className ? ` class="${className}"` : ""} href="${escapeUrl(href)}" data-discover="true">${escapeHtml(text)}</a>`;
}

/** The menu panel's content: what `<MenuGroups>` (app/ui/header.tsx) renders. */
export function menuInnerHtml(menu: MenuItem[], i18n: I18n): string {
  let html = "";
  for (const top of menu) {
    html += `<div class="menu__group">${link(i18n.href(`/store/${top.path}`), top.name, "menu__top")}<ul>`;
    for (const c of top.children) html += `<li>${link(i18n.href(`/store/${c.path}`), c.name)}</li>`;
    html += "</ul></div>";
  }
  return html + `<div class="menu__group">${link(i18n.href("/store?sale=1"), i18n.t("layout.sale"), "menu__top")}</div>`;
}
