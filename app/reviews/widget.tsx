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
 * The reviews widget: its markup comes written from the server (app/reviews/html.server.ts),
 * so the page's JavaScript carries no writer of it. Links (show all, add a review, sign in)
 * navigate in place, a sort applies as it is chosen (its popup, a <details>, shuts at once; app.css
 * fades it out. It has no Escape handler: a disclosure, its button shuts it, and the 64 bytes one
 * costs are more than the product page's JS budget has left), and likes and dislikes turn at once
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
      // The sort's options are its form's only submit buttons: the one pressed names the sort.
      submit((e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement, { preventScrollReset: true });
      (form.parentElement as HTMLDetailsElement).open = false;
    } else
      loadReactions(reactionsModule!).then(
        (send) => send(form, t),
        () => form.submit(),
      );
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the handlers take over the links' clicks and the forms' submits inside; keyboards use those links and buttons
    <div ref={body} className="reviews__body" onClick={onClick} onSubmit={onSubmit} dangerouslySetInnerHTML={{ __html: useMarkup(html) }} />
  );
}
