import { type FormEvent, useEffect, useRef } from "react";
import { useSubmit } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { useLinkNavigation } from "~/ui/link-navigation";
import { type Markup, useMarkup } from "~/ui/markup";

type SendReaction = typeof import("./reactions").sendReaction;
let reactions: Promise<SendReaction> | undefined;

/** The reactions' code, imported once by its module's URL (the reaction route's client module). */
function loadReactions(url: string): Promise<SendReaction> {
  reactions ??= import(/* @vite-ignore */ url).then(
    (route: { handle: { sendReaction: SendReaction } }) => route.handle.sendReaction,
    (error) => {
      reactions = undefined;
      throw error;
    },
  );
  return reactions;
}

/**
 * Shuts the sort's popup (a `<details>`) the way it came: its panel's closing animation (app.css),
 * then shut 200 ms later; at once where the shopper asked for less motion. Inline rather than
 * app/ui/dialog.ts: the product page loads no other popup code up front.
 */
function shut(details: HTMLDetailsElement) {
  // Browser code only (the Worker's build leaves it out).
  if (import.meta.env.SSR) return;
  const panel = details.lastElementChild as HTMLElement;
  if (panel.classList.contains("popup-closing")) return;
  panel.classList.add("popup-closing");
  setTimeout(
    () => {
      details.open = false;
      panel.classList.remove("popup-closing");
    },
    matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : 200,
  );
}

/** A click on the open sort popup's summary (or the backdrop it spreads, app.css), or Escape in it, shuts it animated. */
function onSortPopup(event: React.MouseEvent | React.KeyboardEvent) {
  if (import.meta.env.SSR) return;
  const target = event.target as Element;
  const details = target.closest<HTMLDetailsElement>(".sort-popup[open]");
  if (!details || ("key" in event ? event.key !== "Escape" : !target.closest("summary"))) return;
  event.preventDefault();
  details.querySelector("summary")?.focus();
  shut(details);
}

/**
 * The reviews widget: its markup comes written from the server (app/reviews/html.server.ts),
 * so the page's JavaScript carries no writer of it. Links (show all, add a review, sign in)
 * navigate in place, a sort applies as it is chosen (its popup closes animated), and likes and dislikes turn at once
 * (app/reviews/reactions.ts, loaded after the page when the widget has reaction forms; a
 * click before it arrives waits for it, or posts the plain form if it cannot load).
 */
export function ReviewsWidget({ html, reactionsModule }: { html: Markup; reactionsModule: string | null }) {
  const { t } = useI18n();
  const onClick = useLinkNavigation();
  const submit = useSubmit();
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reactionsModule && body.current?.querySelector(".reaction-form")) loadReactions(reactionsModule).catch(() => {});
  }, [reactionsModule]);
  const onSubmit = (e: FormEvent<HTMLDivElement>) => {
    const form = e.target as HTMLFormElement;
    const reaction = form.classList.contains("reaction-form");
    if (reaction && !reactionsModule) return;
    e.preventDefault();
    if (!reaction) {
      // The sort's options are the form's submit buttons: the one pressed names the sort.
      submit(((e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null) ?? form, { preventScrollReset: true });
      const popup = form.closest("details");
      if (popup) shut(popup);
    } else
      loadReactions(reactionsModule!).then(
        (send) => send(form, t),
        () => form.submit(),
      );
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the handlers take over the links' clicks, the forms' submits and the sort popup's Escape inside; keyboards use those links and buttons
    <div
      ref={body}
      className="reviews__body"
      onClick={(e) => {
        onSortPopup(e);
        onClick(e);
      }}
      onKeyDown={onSortPopup}
      onSubmit={onSubmit}
      dangerouslySetInnerHTML={{ __html: useMarkup(html) }}
    />
  );
}
