import { Link } from "react-router";
import { Icon } from "~/ui/icons";

/** A counter shows 1..99, "99+" above. */
const MAX_SHOWN = 99;

/**
 * What the favourites' and the cart's counters show for `count`: nothing at 0 (or below, or not a
 * number: an optimistic change run ahead), the number up to 99, "99+" past it (the spec clamps to
 * 99; the "+" says there are more: decision 029).
 */
export const counterBadge = (count: number): string | null => (count > 0 ? (count > MAX_SHOWN ? `${MAX_SHOWN}+` : String(count)) : null);

/** A header/mobile-bar counter: active above 0; hidden number at 0. */
export function CounterLink({ to, icon, label, count, testId }: { to: string; icon: "heart" | "cart"; label: string; count: number; testId: string }) {
  const badge = counterBadge(count);
  return (
    <Link to={to} className={badge ? "counter counter--active" : "counter"} data-testid={testId} aria-label={`${label}: ${badge ?? 0}`}>
      <Icon name={icon} />
      {/* The label (with a space) before the absolutely placed badge: the visible words in the order the accessible name says them. */}
      <span className="counter__label">{label} </span>
      {badge ? <span className="counter__badge">{badge}</span> : null}
    </Link>
  );
}
