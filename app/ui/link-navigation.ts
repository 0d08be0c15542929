import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";

/**
 * Client-side navigation for plain `<a href>` links, delegated to the element
 * that holds them. React Router's `<Link>` costs a component, hooks and a ref
 * per anchor in every server render; lists of links (product cards, the menu,
 * pagination, breadcrumbs) render plain anchors and one handler on their
 * container instead. The click rules are `<Link>`'s: the main button without
 * modifier keys, no target or download, same origin; the same URL replaces the
 * history entry. Links meant as document loads (the language switcher) must
 * sit outside such a container.
 */
export function useLinkNavigation(): (event: React.MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: React.MouseEvent<HTMLElement>) => {
      const anchor = (event.target as Element).closest?.("a[href]") as HTMLAnchorElement | null;
      if (!anchor || !event.currentTarget.contains(anchor) || event.defaultPrevented) return;
      if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = url.pathname + url.search + url.hash;
      const { pathname, search, hash } = window.location;
      navigate(to, { replace: to === pathname + search + hash });
    },
    [navigate],
  );
}

/**
 * `prefetch="intent"` for the plain links of a container: hovering or focusing
 * a link for 100 ms (as `<Link>` waits) returns its path, for
 * `<PrefetchPageLinks page={…} />`.
 */
export function useIntentPrefetch() {
  const [page, setPage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const start = useCallback((event: React.SyntheticEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest?.("a[href]") as HTMLAnchorElement | null;
    clearTimeout(timer.current);
    if (!anchor) return;
    const url = new URL(anchor.href);
    if (url.origin !== window.location.origin) return;
    timer.current = setTimeout(() => setPage(url.pathname + url.search), 100);
  }, []);
  const stop = useCallback(() => {
    clearTimeout(timer.current);
    setPage(null);
  }, []);
  return { page, handlers: { onMouseOver: start, onFocus: start, onMouseLeave: stop, onBlur: stop } };
}
