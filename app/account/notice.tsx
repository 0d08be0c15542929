import { useEffect, useState } from "react";
import { useI18n } from "~/i18n/use-i18n";
import { ClosableNotice } from "~/ui/closable-notice";

/**
 * "Saved" after a redirect (works without JS: the URL names it). With JS it
 * returns to normal after 5000 ms, as the spec's account save does, but not while
 * the pointer is over it (WCAG 2.2.1: its 5000 ms start again when it leaves). An error
 * stays until its × closes it (with or without JS) or the next page.
 */
export function Notice({ text, error, section }: { text: string; error?: boolean; section: string }) {
  const { t } = useI18n();
  const [shown, setShown] = useState(true);
  const [held, setHeld] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text (or error state) shows the notice again for its own 5000 ms
  useEffect(() => {
    if (error || held) return;
    const timer = setTimeout(() => setShown(false), 5000);
    return () => clearTimeout(timer);
  }, [text, error, held]);
  if (!shown) return null;
  return (
    // Closed, the page comes back without the notice (the pending phone stays), at its section:
    // `section` alone names no notice, and makes the link another URL than an action's answer at
    // /account (which a link with only an anchor would merely scroll).
    <ClosableNotice label={t("account:closeNotice")} drop={["notice", "email"]} set={{ section }} anchor={section}>
      <p
        className={error ? "alert alert--error" : "alert alert--success"}
        role={error ? "alert" : "status"}
        data-testid={error ? "section-error" : "section-notice"}
        onPointerEnter={() => setHeld(true)}
        onPointerLeave={() => setHeld(false)}
      >
        {text}
      </p>
    </ClosableNotice>
  );
}
