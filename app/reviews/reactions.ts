import type { useI18n } from "~/i18n/use-i18n";
import { REQUEST_TIMEOUT_MS, type RequestFailure, requestFailedText } from "~/ui/request";

/*
 * Likes and dislikes in the browser: only signed-in shoppers have reaction forms,
 * so this part loads after the page (the reaction route's client module carries it,
 * app/routes/api/reaction.ts) and never with the product page's first scripts.
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

type Wish = { product_review_id: number; user_like: number; user_dislike: number };

/**
 * Says under a review's buttons why its press did not count (or clears it: null). role=alert, so
 * a screen reader hears it as it appears; without JavaScript the form posts and the page answers.
 */
function say(item: Element, text: string | null) {
  let note = item.querySelector<HTMLElement>(".review__failed");
  if (!text) return note?.remove();
  if (!note) {
    note = document.createElement("p");
    note.className = "review__failed";
    note.setAttribute("role", "alert");
    note.dataset.testid = "reaction-failed";
    item.querySelector(".review__reactions")!.insertAdjacentElement("afterend", note);
  }
  note.textContent = text;
}

/** A review's press made while its previous one was in flight: sent after it (the last press wins). */
const queued = new WeakMap<Element, Wish>();

/** Shows a wish at once: the counts moved by what it changes against what is shown. */
function showWish(item: Element, want: Wish, t: T) {
  const now = shown(item);
  show(item, { ...want, likes: now.likes - now.user_like + want.user_like, dislikes: now.dislikes - now.user_dislike + want.user_dislike }, t);
}

/**
 * A like or dislike (or none): shown at once, then as the server counted it, or turned back to
 * the server's last count if it failed, with why under the buttons. A press while one is in flight is shown too and sent when
 * that answer has come, so quick presses (like, then dislike) end as the shopper left them.
 */
export async function sendReaction(form: HTMLFormElement, t: T) {
  const item = form.closest(".review")!;
  const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
  let next: Wish | undefined = {
    product_review_id: Number(fields.product_review_id),
    user_like: Number(fields.user_like),
    user_dislike: Number(fields.user_dislike),
  };
  if (item.ariaBusy) {
    showWish(item, next, t);
    queued.set(item, next);
    return;
  }
  let counted = shown(item);
  say(item, null);
  showWish(item, next, t);
  item.ariaBusy = "true";
  try {
    while (next) {
      const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      // No answer: no network, or none in time. (A browser's abort comes as the page is left: unseen.)
      const res = await fetch(form.action, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(next),
        signal: timeout,
      }).catch(() => (timeout.aborted ? "timeout" : "network") satisfies RequestFailure);
      if (typeof res === "string") {
        say(item, requestFailedText(t, res));
        break;
      }
      const answer = (await res.json().catch(() => null)) as (Counts & { message?: string }) | null;
      // Refused, or an answer that is not the counts: back to what the server last counted, the
      // presses after it dropped, and the refusal's reason (signed out meanwhile, a held review).
      if (!res.ok || !answer) {
        // (An answer that is not the shop's, a proxy's page, is said as no connection to it.)
        say(item, answer?.message ?? requestFailedText(t, "network"));
        break;
      }
      counted = answer;
      next = queued.get(item);
      queued.delete(item);
    }
  } finally {
    queued.delete(item);
    show(item, counted, t);
    item.ariaBusy = null;
  }
}
