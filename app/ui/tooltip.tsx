import { type ReactNode, useEffect, useRef } from "react";

/**
 * A note behind an "i": a `<details>`, so a click opens and
 * closes it without JavaScript; with it, a click outside or Escape closes it
 * too (focus back on the toggle). At most 360 px wide.
 */
export function Tooltip({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const outside = (e: Event) => {
      const d = ref.current;
      if (d?.open && !d.contains(e.target as Node)) d.open = false;
    };
    const onEscape = (e: KeyboardEvent) => {
      const d = ref.current;
      if (e.key !== "Escape" || !d?.open) return;
      d.open = false;
      d.querySelector("summary")?.focus();
    };
    document.addEventListener("click", outside);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("click", outside);
      document.removeEventListener("keydown", onEscape);
    };
  }, []);
  return (
    <details ref={ref} className="tooltip" data-testid={testId}>
      <summary className="tooltip__toggle" aria-label={label} title={label}>
        i
      </summary>
      <div className="tooltip__body">{children}</div>
    </details>
  );
}
