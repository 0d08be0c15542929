import type { TFunction } from "~/i18n/translate";
import { escapeHtml, escapeUrl } from "~/ui/html";

/** The networks the footer has an icon (public/icons.svg) and a label (common: footer.social.*) for. */
export const SOCIAL_NETWORKS = ["instagram", "telegram", "youtube", "facebook"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export type SocialLink = { network: SocialNetwork; url: string };

const parsed = new Map<string, SocialLink[]>();

/**
 * The shop's social links from SHOP_SOCIALS (wrangler.toml): `network=https://…` pairs,
 * separated by commas or spaces, in the footer's order. A pair with an unknown network or a
 * link that is not https is left out and logged: a typo must not put a broken link on every page.
 */
export function shopSocials(config: string | undefined): SocialLink[] {
  const key = config ?? "";
  let links = parsed.get(key);
  if (links) return links;
  links = [];
  for (const pair of key.split(/[\s,]+/).filter(Boolean)) {
    const at = pair.indexOf("=");
    const network = pair.slice(0, at) as SocialNetwork;
    const url = pair.slice(at + 1);
    let ok = at > 0 && SOCIAL_NETWORKS.includes(network);
    try {
      ok &&= new URL(url).protocol === "https:";
    } catch {
      ok = false;
    }
    if (ok) links.push({ network, url });
    else console.error(`configuration error: SHOP_SOCIALS has an entry that is not network=https://… of ${SOCIAL_NETWORKS.join(", ")}`);
  }
  parsed.set(key, links);
  return links;
}

/**
 * The footer's social links as markup (icons from the shop's sprite, as `Icon` draws them, and
 * labels), written on the server: the layout carries it as markup, so it costs no script. Plain
 * links: no third-party script or widget.
 */
export function socialsHtml(links: SocialLink[], t: TFunction): string {
  if (!links.length) return "";
  const title = escapeHtml(t("server:footer.socials"));
  const items = links.map(
    (l) =>
      `<a href="${escapeUrl(l.url)}" data-network="${l.network}"><svg class="icon" aria-hidden="true"><use href="/icons.svg#${l.network}"></use></svg>${escapeHtml(t(`server:footer.social.${l.network}`))}</a>`,
  );
  return `<nav aria-label="${title}" class="socials" data-testid="socials"><p class="site-footer__title">${title}</p>${items.join("")}</nav>`;
}
