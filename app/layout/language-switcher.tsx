import { useLocation } from "react-router";
import { LANGS } from "~/i18n/languages";
import { useI18n } from "~/i18n/use-i18n";
import { localizePath, unprefixedPath } from "~/i18n/url";

const LABEL = { uz: "O'zb", ru: "Рус", uk: "Укр" } as const;
const NAME = { uz: "O'zbekcha", ru: "Русский", uk: "Українська" } as const;

/** Links to this very page (path and query kept) in the other languages. */
export function LanguageSwitcher() {
  const { lang, defaultLang, t } = useI18n();
  const location = useLocation();
  const path = unprefixedPath(location.pathname, defaultLang);
  return (
    <nav className="langs" aria-label={t("layout.language")}>
      {LANGS.map((l) =>
        l === lang ? (
          <span key={l} className="langs__current" aria-current="true" lang={l} title={NAME[l]}>
            {LABEL[l]}
          </span>
        ) : (
          // A document load: every text on the page changes, and it keeps the switch working without JS.
          <a key={l} href={localizePath(path, l, defaultLang) + location.search} hrefLang={l} lang={l} title={NAME[l]} data-testid={`lang-${l}`}>
            {LABEL[l]}
          </a>
        ),
      )}
    </nav>
  );
}
