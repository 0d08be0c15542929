import type { FormEvent } from "react";
import { useSubmit } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { useLinkNavigation } from "~/ui/link-navigation";

type Counts = { likes: number; dislikes: number; user_like: number; user_dislike: number };

/** Sets a review's two reaction buttons (and the states their forms ask for next) from counts. */
function show(item: Element, c: Counts, t: ReturnType<typeof useI18n>["t"]) {
  for (const form of item.querySelectorAll<HTMLFormElement>(".reaction-form")) {
    const button = form.querySelector("button")!;
    const like = button.dataset.kind === "like";
    const on = like ? c.user_like === 1 : c.user_dislike === 1;
    const count = like ? c.likes : c.dislikes;
    button.className = on ? "reaction reaction--on" : "reaction";
    button.setAttribute("aria-pressed", String(on));
    button.setAttribute("aria-label", t(like ? "reviews:likeCount" : "reviews:dislikeCount", { count }));
    button.querySelector("span")!.textContent = String(count);
    (form.elements.namedItem("user_like") as HTMLInputElement).value = like && !on ? "1" : "0";
    (form.elements.namedItem("user_dislike") as HTMLInputElement).value = !like && !on ? "1" : "0";
  }
}

function countsOf(item: Element): Counts {
  const [like, dislike] = [...item.querySelectorAll<HTMLButtonElement>(".reaction-form button")];
  return {
    likes: Number(like?.querySelector("span")?.textContent ?? 0),
    dislikes: Number(dislike?.querySelector("span")?.textContent ?? 0),
    user_like: like?.getAttribute("aria-pressed") === "true" ? 1 : 0,
    user_dislike: dislike?.getAttribute("aria-pressed") === "true" ? 1 : 0,
  };
}

/**
 * The reviews widget: its markup comes written from the server (app/reviews/html.server.ts),
 * so the page's JavaScript carries no writer of it. Links (show all, add a review, sign in)
 * navigate in place, a new sort applies on change, and likes and dislikes turn at once
 * through the JSON call, turned back if it fails; a click while one is in flight waits its turn.
 */
export function ReviewsWidget({ html }: { html: string }) {
  const { t } = useI18n();
  const onClick = useLinkNavigation();
  const submit = useSubmit();
  const onSubmit = async (e: FormEvent<HTMLDivElement>) => {
    const form = e.target as HTMLFormElement;
    if (!form.classList.contains("reaction-form")) {
      e.preventDefault();
      submit(form, { preventScrollReset: true });
      return;
    }
    e.preventDefault();
    const item = form.closest(".review")!;
    if (item.getAttribute("aria-busy") === "true") return;
    const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const before = countsOf(item);
    const like = fields.user_like === "1";
    const dislike = fields.user_dislike === "1";
    show(
      item,
      {
        likes: before.likes - before.user_like + (like ? 1 : 0),
        dislikes: before.dislikes - before.user_dislike + (dislike ? 1 : 0),
        user_like: like ? 1 : 0,
        user_dislike: dislike ? 1 : 0,
      },
      t,
    );
    item.setAttribute("aria-busy", "true");
    try {
      const res = await fetch(form.action, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ product_review_id: Number(fields.product_review_id), user_like: like ? 1 : 0, user_dislike: dislike ? 1 : 0 }),
      });
      if (!res.ok) throw new Error(String(res.status));
      show(item, (await res.json()) as Counts, t);
    } catch {
      show(item, before, t);
    } finally {
      item.removeAttribute("aria-busy");
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the handlers take over the links' clicks and the forms' submits inside; keyboards use those links and buttons
    <div
      className="reviews__body"
      onClick={onClick}
      onSubmit={onSubmit}
      // "input", not React's onChange: that one does not see a select inside markup React did not render.
      onInput={(e) => {
        const target = e.target as unknown as HTMLSelectElement;
        if (target.name === "sort" && target.form) submit(target.form, { preventScrollReset: true });
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
