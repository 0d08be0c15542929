import { useLocation } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { useLinkNavigation } from "~/ui/link-navigation";
import { type Markup, useKeptMarkup } from "~/ui/markup";

/**
 * `lite`: this page is a lite one (its switch then leads back to the full version).
 * `parts`: the server-written parts the root composes (the call centre, the catalogue's links,
 * the link to the news, the shop's social links, the newsletter's form): markup, so they add
 * nothing to the page's scripts or hydration data. Only the lite switch, which follows the
 * page's address, is React's.
 */
export function Footer({ lite, parts }: { lite: boolean; parts?: Markup }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  return (
    <footer className="site-footer">
      <div className="container site-footer__row">
        {parts === undefined ? null : <FooterParts parts={parts} />}
        <p className="site-footer__copy">
          © {t("shopName")}
          {/* This page with `lite` set (the Worker remembers it and drops the parameter, so the query never has it), as a
          document load, not a client navigation: the next page comes without scripts, or with them again. */}{" "}
          <a
            href={`/${pathname.replace(/^\/+/, "")}${search ? `${search}&` : "?"}lite=${lite ? 0 : 1}`}
            className="site-footer__lite"
            data-testid="lite-switch"
            rel="nofollow"
          >
            {t(lite ? "footer.fullVersion" : "footer.liteVersion")}
          </a>
        </p>
      </div>
    </footer>
  );
}

function FooterParts({ parts }: { parts: Markup }) {
  const navigate = useLinkNavigation();
  // biome-ignore lint/a11y/noStaticElementInteractions: the clicks are its links' (client-side navigation for plain anchors)
  // biome-ignore lint/a11y/useKeyWithClickEvents: a link's keyboard activation is a click too
  return <div className="site-footer__extra" onClick={navigate} {...useKeptMarkup(parts)} />;
}
