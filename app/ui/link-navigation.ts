import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";

/** The same-origin link an event came from (inside `container`), with its URL. */
function linkOf(event: React.SyntheticEvent<HTMLElement>): { anchor: HTMLAnchorElement; url: URL } | null {
  const anchor = (event.target as Element).closest?.("a[href]") as HTMLAnchorElement | null;
  if (!anchor || !event.currentTarget.contains(anchor)) return null;
  const url = new URL(anchor.href);
  return url.origin === window.location.origin ? { anchor, url } : null;
}

/**
 * Client-side navigation for plain `<a href>` links, delegated to the element
 * that holds them. React Router's `<Link>` costs a component, hooks and a ref
 * per anchor in every server render; lists of links (product cards, pagination,
 * sub-category chips) render plain anchors and one handler on their container
 * instead. The click rules are `<Link>`'s: the main button without modifier keys,
 * no target or download, same origin; the same URL replaces the history entry.
 * Links meant as document loads (the language switcher) must sit outside such a
 * container.
 */
export function useLinkNavigation(): (event: React.MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: React.MouseEvent<HTMLElement>) => {
      const link = linkOf(event);
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const { anchor, url } = link;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
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
  const start = (event: React.SyntheticEvent<HTMLElement>) => {
    const link = linkOf(event);
    clearTimeout(timer.current);
    if (link) timer.current = setTimeout(setPage, 100, link.url.pathname + link.url.search);
  };
  const stop = () => {
    clearTimeout(timer.current);
    setPage(null);
  };
  return { page, handlers: { onMouseOver: start, onFocus: start, onMouseLeave: stop, onBlur: stop } };
}
