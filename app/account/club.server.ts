import { clubRules } from "~/cart/index.server";
import { clubOrdersOf } from "~/orders/index.server";
import type { ClubCard, ClubRules } from "./club-about";

/** The signed-in shopper's club card, its bonuses and its orders; the rules the cart applies. */
export async function clubCard(env: Env, userId: number): Promise<ClubCard | null> {
  const [user, orders] = await Promise.all([
    env.DB.prepare("SELECT club_card AS card, bonus_balance AS balance FROM users WHERE id = ?").bind(userId).first<{ card: string | null; balance: number }>(),
    clubOrdersOf(env.DB, userId),
  ]);
  if (!user) return null;
  return { card: user.card, balance: user.card ? user.balance : 0, orders, rules: clubRules(env) };
}

/** The rules alone, for the page that explains the club to everyone. */
export const clubRulesOf = (env: Env): ClubRules => clubRules(env);
