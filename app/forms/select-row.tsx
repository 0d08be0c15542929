import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import type { ComboboxProps } from "./combobox";

// Its own chunk: only the pages with a select load it, and only once they are interactive (so
// never on the server: the Worker's build leaves it out).
const Combobox = lazy(() => (import.meta.env.SSR ? new Promise<never>(() => {}) : import("./combobox")));

/**
 * A select row: `native` is the control without JavaScript (a native
 * select, or a text field with suggestions); once the page is interactive, the
 * combobox takes its place with the same field names.
 */
export function SelectRow({ native, ...props }: ComboboxProps & { native: ReactNode }) {
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  if (!interactive) return native;
  return (
    <Suspense fallback={native}>
      <Combobox {...props} />
    </Suspense>
  );
}
