import { useState } from "react";
import { useLocation } from "react-router";

/**
 * A notice the shopper can close (errors otherwise stay until the next page). Its × is a link to
 * this page without what shows the notice: the URL's parameters named in `drop` (and with those
 * in `set`), and an action's answer, which a GET does not repeat. So it closes without
 * JavaScript too; with it the notice hides at once, without a request, and the next page or
 * answer (a new location) shows its own. `label` names the ×, from the page's own texts (not
 * the layout's, which every page carries).
 */
export function ClosableNotice({
  children,
  label,
  drop = [],
  set = {},
  anchor,
  onClose,
}: {
  children: React.ReactNode;
  label: string;
  drop?: string[];
  set?: Record<string, string>;
  anchor?: string;
  onClose?: () => void;
}) {
  const { pathname, search, key } = useLocation();
  const [closedAt, setClosedAt] = useState<string | null>(null);
  if (closedAt === key) return null;
  const params = new URLSearchParams(search);
  for (const name of drop) params.delete(name);
  for (const [name, value] of Object.entries(set)) params.set(name, value);
  const target = `${pathname}${params.size ? `?${params}` : ""}`;
  // A link that differs from this page only by its anchor would only scroll (an action's answer
  // stays): then the page itself, at its top.
  const href = anchor && target !== pathname + search ? `${target}#${anchor}` : target;
  const close = (event: React.MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setClosedAt(key);
    onClose?.();
  };
  return (
    <div className="notice">
      {children}
      <a className="notice__close" href={href} aria-label={label} onClick={close} data-testid="notice-close">
        ×
      </a>
    </div>
  );
}
