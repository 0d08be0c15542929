import type { useI18n } from "~/i18n/use-i18n";

/*
 * Likes and dislikes in the browser: only signed-in shoppers have reaction forms,
 * so this part loads after the page (the reaction route's client module carries it,
 * app/routes/reaction.ts) and never with the product page's first scripts.
 */

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
export async function sendReaction(form: HTMLFormElement, t: T) {
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
