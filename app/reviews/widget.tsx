import type { FormEvent } from "react";
import { useSubmit } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { useLinkNavigation } from "~/ui/link-navigation";

type Counts = { likes: number; dislikes: number; user_like: number; user_dislike: number };
type T = ReturnType<typeof useI18n>["t"];

/** A review's reaction buttons, like first. */
const buttonsOf = (item: Element) => [...item.querySelectorAll<HTMLButtonElement>(".reaction-form button")];

/** Sets a review's two reaction buttons (and the states their forms ask for next) from counts. */
function show(item: Element, c: Counts, t: T) {
  for (const button of buttonsOf(item)) {
    const like = button.dataset.kind === "like";
    const on = (like ? c.user_like : c.user_dislike) === 1;
    const count = like ? c.likes : c.dislikes;
    button.className = on ? "reaction reaction--on" : "reaction";
    button.ariaPressed = String(on);
    button.ariaLabel = t(like ? "reviews:likeCount" : "reviews:dislikeCount", { count });
    button.lastChild!.textContent = String(count);
    const fields = button.form!.elements as unknown as Record<"user_like" | "user_dislike", HTMLInputElement>;
    fields.user_like.value = like && !on ? "1" : "0";
    fields.user_dislike.value = !like && !on ? "1" : "0";
  }
}

/** What the buttons show now. */
function shown(item: Element): Counts {
  const [like, dislike] = buttonsOf(item).map((b) => [Number(b.lastChild!.textContent), b.ariaPressed === "true" ? 1 : 0]);
  return { likes: like![0]!, user_like: like![1]!, dislikes: dislike![0]!, user_dislike: dislike![1]! };
}

/** A like or dislike (or none): shown at once, then as the server counted it, or turned back if it failed. */
async function react(form: HTMLFormElement, t: T) {
  const item = form.closest(".review")!;
  if (item.ariaBusy) return;
  const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
  const want = { product_review_id: Number(fields.product_review_id), user_like: Number(fields.user_like), user_dislike: Number(fields.user_dislike) };
  const before = shown(item);
  show(item, { ...want, likes: before.likes - before.user_like + want.user_like, dislikes: before.dislikes - before.user_dislike + want.user_dislike }, t);
  item.ariaBusy = "true";
  try {
    const res = await fetch(form.action, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(want) });
    show(item, res.ok ? ((await res.json()) as Counts) : before, t);
  } catch {
    show(item, before, t);
  }
  item.ariaBusy = null;
}

/**
 * The reviews widget: its markup comes written from the server (app/reviews/html.server.ts),
 * so the page's JavaScript carries no writer of it. Links (show all, add a review, sign in)
 * navigate in place, a new sort applies as it is chosen, and likes and dislikes turn at once
 * through the JSON call (turned back if it fails; a click while one is in flight is ignored).
 */
export function ReviewsWidget({ html }: { html: string }) {
  const { t } = useI18n();
  const onClick = useLinkNavigation();
  const submit = useSubmit();
  const onSubmit = (e: FormEvent<HTMLDivElement>) => {
    const form = e.target as HTMLFormElement;
    e.preventDefault();
    if (form.classList.contains("reaction-form")) void react(form, t);
    else submit(form, { preventScrollReset: true });
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the handlers take over the links' clicks and the forms' submits inside; keyboards use those links and buttons
    <div
      className="reviews__body"
      onClick={onClick}
      onSubmit={onSubmit}
      // "input", not React's onChange: that one does not see a select inside markup React did not render.
      onInput={(e) => {
        const select = e.target as unknown as HTMLSelectElement;
        if (select.name === "sort") submit(select.form, { preventScrollReset: true });
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
