import { Link } from "react-router";
import { Icon } from "~/ui/icons";

/** A header/mobile-bar counter: active above 0; hidden number at 0. */
export function CounterLink({ to, icon, label, count, testId }: { to: string; icon: "heart" | "cart"; label: string; count: number; testId: string }) {
  return (
    <Link to={to} className={count > 0 ? "counter counter--active" : "counter"} data-testid={testId} aria-label={`${label}: ${count}`}>
      <Icon name={icon} />
      {count > 0 ? <span className="counter__badge">{count}</span> : null}
      <span className="counter__label">{label}</span>
    </Link>
  );
}
