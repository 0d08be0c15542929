import { useI18n } from "~/i18n/use-i18n";
import type { SectionProps } from "./section";

/**
 * The social accounts linked to this one (the spec's `socials`). The shop signs in by password,
 * SMS code or call only, so none is ever linked: the section says so, and that linking is off.
 */
export function Socials({ account }: SectionProps) {
  const { t } = useI18n();
  return (
    <section id="socials" className="account-section" aria-labelledby="socials-h" data-testid="account-socials">
      <h2 id="socials-h">{t("account:socials.title")}</h2>
      {account.socials.length ? (
        <ul>
          {account.socials.map((s) => (
            <li key={s.provider}>{`${s.provider}: ${s.name}`}</li>
          ))}
        </ul>
      ) : (
        <p data-testid="socials-none">{t("account:socials.none")}</p>
      )}
      <p className="choice__note" data-testid="socials-off">
        {t("account:socials.off")}
      </p>
    </section>
  );
}
