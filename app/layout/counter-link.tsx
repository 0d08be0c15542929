import { Link } from "react-router";
import { Icon } from "~/ui/icons";

/** A counter shows 0..99, "99+" above. */
const MAX_SHOWN = 99;

/** A header/mobile-bar counter: active above 0; hidden number at 0. */
export function CounterLink({ to, icon, label, count, testId }: { to: string; icon: "heart" | "cart"; label: string; count: number; testId: string }) {
  const shown = count > MAX_SHOWN ? `${MAX_SHOWN}+` : String(count);
  return (
    <Link to={to} className={count > 0 ? "counter counter--active" : "counter"} data-testid={testId} aria-label={`${label}: ${shown}`}>
      <Icon name={icon} />
      {/* The label (with a space) before the absolutely placed badge: the visible words in the order the accessible name says them. */}
      <span className="counter__label">{label} </span>
      {count > 0 ? <span className="counter__badge">{shown}</span> : null}
    </Link>
  );
}
