import { type FormEvent, useLayoutEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { requestFailedText } from "~/ui/request";
import { sendFavourite } from "./toggle";

type T = ReturnType<typeof useI18n>["t"];

/** Sets a card heart's state: the attributes its markup (app/catalogue/html.ts) says it with. */
function setHeart(form: HTMLFormElement, on: boolean, t: T) {
  (form.elements.namedItem("intent") as HTMLInputElement).value = on ? "remove" : "add";
  const button = form.querySelector("button")!;
  button.className = on ? "heart heart--on" : "heart";
  button.setAttribute("aria-pressed", String(on));
  button.setAttribute("aria-label", t(on ? "heart.remove" : "heart.add"));
}

/**
 * The hearts of a grid of cards written as markup, enhanced by one delegated submit
 * handler: a heart turns at once, a second click on it while the first is in flight
 * is ignored, a refusal or a call without answer turns it back with a message (`failed`). In the browser the
 * markup (`html`) stays the same for all shoppers and is not rewritten when the
 * favourites change (a new string would rebuild the grid and lose the focus): the
 * hearts follow `favourites` (the shopper's among the grid's products, from the
 * loader) here, before the browser paints.
 */
export function useCardHearts(favourites: readonly number[], html: string) {
  const { t } = useI18n();
  const { revalidate } = useRevalidator();
  const grid = useRef<HTMLDivElement>(null);
  const busy = useRef(new Set<number>());
  // The refusal's text, or why no answer came (no network, aborted, timed out).
  const [failed, setFailed] = useState<string | null>(null);
  const key = favourites.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: new markup or another list (its content, the key) is what changes the hearts
  useLayoutEffect(() => {
    const mine = new Set(favourites);
    for (const form of grid.current?.querySelectorAll<HTMLFormElement>("form[data-product]") ?? []) {
      const id = Number(form.dataset.product);
      if (!busy.current.has(id)) setHeart(form, mine.has(id), t);
    }
  }, [key, html]);
  const onSubmit = async (e: FormEvent<HTMLDivElement>) => {
    // A handler runs in the browser only: the Worker's build leaves its body out.
    if (import.meta.env.SSR) return;
    const form = e.target as HTMLFormElement;
    const id = Number(form.dataset.product);
    if (!id) return;
    e.preventDefault();
    if (busy.current.has(id)) return;
    busy.current.add(id);
    const want = (form.elements.namedItem("intent") as HTMLInputElement).value === "add";
    setFailed(null);
    setHeart(form, want, t);
    const sent = await sendFavourite(id, want, revalidate);
    busy.current.delete(id);
    if (sent !== true) {
      setHeart(form, !want, t);
      setFailed(sent === "refused" ? t("heart.failed") : requestFailedText(t, sent));
    }
  };
  return { grid, onSubmit, failed };
}
