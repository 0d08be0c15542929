import { useEffect, useState } from "react";

/**
 * "Saved" after a redirect (works without JS: the URL names it). With JS it
 * returns to normal after 5000 ms, as the spec's account save does.
 */
export function Notice({ text, error }: { text: string; error?: boolean }) {
  const [shown, setShown] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text (or error state) shows the notice again for its own 5000 ms
  useEffect(() => {
    if (error) return;
    const timer = setTimeout(() => setShown(false), 5000);
    return () => clearTimeout(timer);
  }, [text, error]);
  if (!shown) return null;
  return (
    <p
      className={error ? "alert alert--error" : "alert alert--success"}
      role={error ? "alert" : "status"}
      data-testid={error ? "section-error" : "section-notice"}
    >
      {text}
    </p>
  );
}
