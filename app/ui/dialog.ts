const FOCUSABLE = "a[href],button:not([disabled]),input:not([type=hidden]),textarea,select,iframe";

/**
 * What a popup over the page does while it is open (the cart popup, the review
 * popup): Escape calls `onClose`; a modal (`trap`) keeps Tab and Shift+Tab
 * inside `panel` (from its last focusable element back to the first, and the
 * reverse). Returns what to run as it closes: the focus goes to `returnTo()`,
 * or, without it, back to the element focused when it opened if the focus is
 * in the popup (one that closes by itself does not take the focus from
 * elsewhere). Call it from a layout effect and return its result: that cleanup
 * runs while the popup is still in the document, so it can tell where the focus is.
 * Plain DOM, no React: the popups load in different chunks, and this one stays small.
 */
export function openDialog(panel: HTMLElement | null, onClose: () => void, trap?: boolean, returnTo?: () => HTMLElement | null): () => void {
  const opener = document.activeElement as HTMLElement | null;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") onClose();
    if (!trap || e.key !== "Tab") return;
    const all = [...(panel?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const at = document.activeElement as HTMLElement;
    const i = all.indexOf(at);
    // Shift+Tab from the first, or from the dialog itself (its focused heading), goes to the last.
    const to = e.shiftKey ? (i === 0 || (i < 0 && panel?.contains(at)) ? all.at(-1) : null) : i === all.length - 1 ? all[0] : null;
    if (to) {
      e.preventDefault();
      to.focus();
    }
  };
  document.addEventListener("keydown", onKey);
  return () => {
    document.removeEventListener("keydown", onKey);
    if (returnTo) returnTo()?.focus();
    else if (panel?.contains(document.activeElement)) opener?.focus();
  };
}

/** The class that plays a popup's closing animation (app.css). */
const CLOSING = "popup-closing";

/**
 * Closes a popup the way it came: its closing animation (200 ms), then `then`. At once where
 * the shopper asked for less motion, or when the element is gone; a timer stands in for an
 * animation that never ends (a hidden tab).
 */
export function closeAnimated(element: HTMLElement | null, then: () => void): void {
  if (!element || matchMedia("(prefers-reduced-motion: reduce)").matches) {
    then();
    return;
  }
  if (element.classList.contains(CLOSING)) return;
  element.classList.add(CLOSING);
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    then();
  };
  element.addEventListener("animationend", finish, { once: true });
  setTimeout(finish, 250);
}
