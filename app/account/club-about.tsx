import { useI18n } from "~/i18n/use-i18n";

/** The club card's rules as the cart applies them (the cart's `clubRules`). */
export type ClubRules = { discountPercent: number; bonusSharePercent: number };

/** The club card page's data: the card (null without one), the balance, the orders where the card counted. */
export type ClubCard = {
  card: string | null;
  balance: number;
  orders: { number: string; status: string; createdAt: number; clubDiscount: number; bonusesUsed: number }[];
  rules: ClubRules;
};

/** How the club works, with the numbers the cart applies (the discount off, a rule is left out). */
export function ClubRulesList({ rules }: { rules: ClubRules }) {
  const { t } = useI18n();
  return (
    <section className="club__rules" data-testid="club-rules">
      <h2>{t("account:club.howTitle")}</h2>
      <ul>
        {rules.discountPercent > 0 ? <li data-testid="club-rule-discount">{t("account:club.ruleDiscount", { percent: rules.discountPercent })}</li> : null}
        <li>{t("account:club.rulePromo")}</li>
        <li data-testid="club-rule-bonuses">{t("account:club.ruleBonuses", { share: rules.bonusSharePercent })}</li>
        <li>{t("account:club.ruleReturn")}</li>
      </ul>
    </section>
  );
}

/** The club explained to everyone (the club badge's link); the card's own page is for the signed-in. */
export function ClubAboutPage({ rules }: { rules: ClubRules }) {
  const { t, href } = useI18n();
  return (
    <section className="club" data-testid="club-about">
      <h1>{t("account:club.aboutTitle")}</h1>
      <p>{t("account:club.aboutLead")}</p>
      <ClubRulesList rules={rules} />
      <p>
        <a href={href("/account/club")} rel="nofollow" data-testid="club-my-card">
          {t("account:club.myCard")}
        </a>
      </p>
    </section>
  );
}
