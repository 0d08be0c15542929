import { useEffect, useRef, useState } from "react";
import type { Lang } from "~/i18n/languages";
import type { SearchSuggestions } from "~/ui/search-suggestions";

// The combobox's suggestions for what is typed, fetched after a pause and kept per query. The
// file's name starts "search-combobox" so it stays in the combobox's lazy chunk (vite.config.ts
// puts the rest of app/layout in the layout's chunk).

const DEBOUNCE_MS = 350;

type Suggested = SearchSuggestions;

/** The answer for `wanted` ("" asks nothing), with the query it answers: null before the first; `answer` null when it failed. */
export function useSuggestions(wanted: string, lang: Lang): { q: string; answer: Suggested | null } | null {
  const [suggested, setSuggested] = useState<{ q: string; answer: Suggested | null } | null>(null);
  const cache = useRef(new Map<string, Suggested>());

  // Suggestions for what is typed, after a pause; answers the same for everyone, so no cookies
  // go with the request and a shared cache can answer it.
  useEffect(() => {
    if (!wanted) return;
    const known = cache.current.get(wanted);
    if (known) {
      setSuggested({ q: wanted, answer: known });
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/search/autocomplete?lang=${lang}&q=${encodeURIComponent(wanted)}`, { credentials: "omit", signal: abort.signal })
        .then((r) => (r.ok ? (r.json() as Promise<Suggested>) : Promise.reject(new Error(String(r.status)))))
        .then(
          (answer) => {
            cache.current.set(wanted, answer);
            setSuggested({ q: wanted, answer });
          },
          () => !abort.signal.aborted && setSuggested({ q: wanted, answer: null }),
        );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [wanted, lang]);
  return suggested;
}
