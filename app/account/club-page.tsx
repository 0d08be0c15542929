import { useI18n } from "~/i18n/use-i18n";
import { DayDate } from "~/ui/date";
import { type ClubCard, ClubRulesList } from "./club-about";

/** The signed-in shopper's club card: its number and balance, the orders where it counted, and the rules. */
export function ClubCardPage({ club }: { club: ClubCard }) {
  const { t, price, href } = useI18n();
  return (
    <section className="club" data-testid="club-card">
      <h1>{t("account:club.title")}</h1>
      {club.card ? (
        <dl className="club__card">
          <dt>{t("account:club.number")}</dt>
          <dd data-testid="club-number">{club.card}</dd>
          <dt>{t("account:club.balance")}</dt>
          <dd data-testid="club-balance">{price(club.balance)}</dd>
        </dl>
      ) : (
        <p data-testid="club-no-card">{t("account:club.noCard")}</p>
      )}
      <h2>{t("account:club.ordersTitle")}</h2>
      {club.orders.length ? (
        <table className="club__orders" data-testid="club-orders">
          <thead>
            <tr>
              <th scope="col">{t("account:club.order")}</th>
              <th scope="col">{t("account:club.date")}</th>
              <th scope="col">{t("account:club.clubDiscount")}</th>
              <th scope="col">{t("account:club.bonusesSpent")}</th>
            </tr>
          </thead>
          <tbody>
            {club.orders.map((o) => (
              <tr key={o.number} data-testid="club-order">
                <td>
                  <a href={href(`/account/orders/${o.number}`)}>{o.number}</a>
                  {o.status === "cancelled" ? ` (${t("account:club.returned")})` : null}
                </td>
                <td>
                  <DayDate seconds={o.createdAt} />
                </td>
                <td data-testid="club-order-discount">{price(o.clubDiscount)}</td>
                <td data-testid="club-order-bonuses">{price(o.bonusesUsed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p data-testid="club-orders-empty">{t("account:club.ordersEmpty")}</p>
      )}
      <ClubRulesList rules={club.rules} />
    </section>
  );
}
