import { formatDate, tashkentDay } from "~/i18n/format";
import type { Lang } from "~/i18n/languages";
import { localizePath } from "~/i18n/url";
import { escapeHtml, escapeUrl } from "~/ui/html";
import type { ProductReviews, Review } from "./reviews.server";
import { REVIEW_SORTS, type ReviewSort } from "./schema";

type T = (key: string, vars?: Record<string, string | number>) => string;

export type WidgetContext = {
  lang: Lang;
  defaultLang: Lang;
  t: T;
  /** The product's page path (localized) and id. */
  path: string;
  productId: number;
  sort: ReviewSort;
  all: boolean;
  signedIn: boolean;
};

const stars = (rating: number, label: string) =>
  `<span class="stars" role="img" aria-label="${escapeHtml(label)}"><span class="stars__fill" style="width:${Math.round(rating * 20)}%"></span></span>`;

function reactionForm(r: Review, c: WidgetContext, kind: "like" | "dislike"): string {
  const on = kind === "like" ? r.mine === 1 : r.mine === -1;
  const count = kind === "like" ? r.likes : r.dislikes;
  const label = c.t(kind === "like" ? "reviews:likeCount" : "reviews:dislikeCount", { count });
  const icon = `<svg class="icon${kind === "dislike" ? " icon--down" : ""}" aria-hidden="true"><use href="/icons.svg#like"></use></svg>`;
  if (!c.signedIn)
    return `<span class="reaction" role="img" aria-label="${escapeHtml(label)}" data-testid="${kind}-count">${icon} <span>${count}</span></span>`;
  // The state wanted: pressing an active reaction clears it; the other one is cleared with it.
  const wantLike = kind === "like" && !on ? 1 : 0;
  const wantDislike = kind === "dislike" && !on ? 1 : 0;
  return (
    `<form class="reaction-form" action="${escapeUrl(`/reaction?lang=${c.lang}`)}" method="post">` +
    `<input type="hidden" name="product_review_id" value="${r.id}"/><input type="hidden" name="user_like" value="${wantLike}"/>` +
    `<input type="hidden" name="user_dislike" value="${wantDislike}"/><input type="hidden" name="redirectTo" value="${escapeHtml(`${c.path}${query(c)}#review-${r.id}`)}"/>` +
    `<button type="submit" class="reaction${on ? " reaction--on" : ""}" aria-pressed="${on}" aria-label="${escapeHtml(label)}" data-testid="${kind}" data-kind="${kind}">${icon} <span>${count}</span></button></form>`
  );
}

/** The widget's own query (sort and "all"), kept by its links and forms. */
function query(c: WidgetContext, over: Partial<Pick<WidgetContext, "sort" | "all">> = {}): string {
  const params = new URLSearchParams();
  const sort = over.sort ?? c.sort;
  if (sort !== "new") params.set("sort", sort);
  if (over.all ?? c.all) params.set("reviews", "all");
  const q = params.toString();
  return q ? `?${q}` : "";
}

/** A render's fixed texts, escaped once rather than once per review. */
type Texts = { ratings: string[]; confirmed: string; pending: string; rejected: string; matchings: string; signIn: string };

function reviewHtml(r: Review, data: ProductReviews, c: WidgetContext, x: Texts): string {
  const choices = data.parameters
    .map((p) => {
      const value = p.values.find((v) => v.id === r.matchings[String(p.id)]);
      return value ? `<dt>${escapeHtml(p.name)}</dt><dd>${escapeHtml(value.name)}</dd>` : "";
    })
    .join("");
  return (
    `<li class="review" id="review-${r.id}" data-testid="review">` +
    `<p class="review__head"><b class="review__name">${escapeHtml(r.userName)}</b> <time datetime="${tashkentDay(r.date).iso}">${escapeHtml(formatDate(r.date, c.lang))}</time> ` +
    stars(r.rating, x.ratings[r.rating]!) +
    (r.confirmed ? ` <span class="badge badge--confirmed" data-testid="confirmed">${x.confirmed}</span>` : "") +
    `</p>` +
    (r.bought ? `<p class="review__bought" data-testid="bought-in">${escapeHtml(c.t("reviews:boughtIn", r.bought))}</p>` : "") +
    (r.rejectedReason !== null
      ? `<p class="review__pending" role="note" data-testid="review-rejected">${x.rejected} ${escapeHtml(r.rejectedReason)}</p>`
      : r.pending
        ? `<p class="review__pending" role="note">${x.pending}</p>`
        : "") +
    (r.text ? `<p class="review__text">${escapeHtml(r.text)}</p>` : "") +
    (choices ? `<details class="review__matchings"><summary>${x.matchings}</summary><dl>${choices}</dl></details>` : "") +
    // A held review (its author's eyes only) takes no reactions until it is published.
    (r.pending
      ? ""
      : `<div class="review__reactions">${reactionForm(r, c, "like")}${reactionForm(r, c, "dislike")}` +
        (c.signedIn
          ? ""
          : // nofollow: one sign-in URL per review (its return_url), not pages for a crawler to spend its visits on.
            `<a class="review__sign-in" rel="nofollow" href="${escapeUrl(`${localizePath("/login", c.lang, c.defaultLang)}?return_url=${encodeURIComponent(`${c.path}#review-${r.id}`)}`)}">${x.signIn}</a>`) +
        `</div>`) +
    `</li>`
  );
}

/**
 * The reviews widget's markup, written on the server for the product page's
 * streamed part: the summary with the scales of the matching parameters and the add
 * button on the left; the sort (a GET form), the list and "show all" on the right.
 * Forms and links work without JavaScript; the page's script only enhances them.
 */
export function reviewsHtml(data: ProductReviews, c: WidgetContext): string {
  const count = c.t("reviews:count", { count: data.count });
  const scales = data.parameters
    .map(
      (p) =>
        `<div class="scale"><dt>${escapeHtml(p.name)}</dt><dd><ul>` +
        p.values
          .map(
            (v) =>
              `<li><span class="scale__name">${escapeHtml(v.name)}</span><span class="scale__bar" aria-hidden="true"><span style="width:${v.share}%"></span></span><span class="scale__share">${v.share}%</span></li>`,
          )
          .join("") +
        `</ul></dd></div>`,
    )
    .join("");
  // The sort: a <details> whose summary shows the chosen order; its options are the GET form's
  // submit buttons (one tap, with or without JavaScript). A sheet on phones, a dropdown wider (app.css).
  const sortLabel = escapeHtml(c.t("reviews:sort.label"));
  const options = REVIEW_SORTS.map(
    (s) =>
      `<button type="submit" name="sort" value="${s}"${s === c.sort ? ' aria-current="true"' : ""} data-testid="reviews-sort-option">${escapeHtml(c.t(`reviews:sort.${s}`))}</button>`,
  ).join("");
  const x: Texts = {
    ratings: [0, 1, 2, 3, 4, 5].map((rating) => c.t("reviews:rating", { rating })),
    confirmed: escapeHtml(c.t("reviews:confirmed")),
    pending: escapeHtml(c.t("reviews:pending")),
    rejected: escapeHtml(c.t("reviews:rejected")),
    matchings: escapeHtml(c.t("reviews:matchings")),
    signIn: escapeHtml(c.t("reviews:signInToReact")),
  };
  const list = data.reviews.map((r) => reviewHtml(r, data, c, x)).join("");
  return (
    `<div class="reviews__grid"><div class="reviews__summary" data-testid="reviews-summary">` +
    (data.count
      ? `<p class="reviews__average"><span class="reviews__number">${data.rating.toFixed(1)}</span> ${stars(data.rating, c.t("reviews:rating", { rating: data.rating.toFixed(1) }))}</p>`
      : "") +
    `<p class="reviews__count" data-testid="reviews-count">${escapeHtml(count)}</p>` +
    (scales ? `<dl class="scales">${scales}</dl>` : "") +
    `<a class="button" href="${escapeUrl(`${c.path}/review`)}" data-testid="add-review">${escapeHtml(c.t("reviews:add"))}</a></div>` +
    `<div class="reviews__list">` +
    (data.count
      ? `<details class="reviews__sort sort-popup" data-testid="reviews-sort"><summary><span>${sortLabel}</span> <b data-testid="reviews-sort-current">${escapeHtml(c.t(`reviews:sort.${c.sort}`))}</b></summary>` +
        `<form class="sort-popup__panel" data-popup-from="bottom" method="get" action="${escapeUrl(`${c.path}#reviews`)}" role="group" aria-label="${sortLabel}">` +
        `<p class="sort-popup__title" aria-hidden="true">${sortLabel}</p>${options}` +
        (c.all ? `<input type="hidden" name="reviews" value="all"/>` : "") +
        `</form></details>` +
        `<ol class="review-list">${list}</ol>` +
        (!c.all && data.count > data.reviews.length
          ? `<a class="button button--ghost" href="${escapeUrl(`${c.path}${query(c, { all: true })}#reviews`)}" data-testid="reviews-all">${escapeHtml(c.t("reviews:showAll", { count: data.count }))}</a>`
          : "")
      : `<p class="reviews__none" data-testid="reviews-none">${escapeHtml(c.t("reviews:none"))}</p>`) +
    `</div></div>`
  );
}

/** The review rules as a popup's content alone (the loader's fragment of /product/<slug>/review/rules). */
export function reviewRulesHtml(t: T): string {
  const items = [1, 2, 3, 4].map((n) => `<li>${escapeHtml(t(`reviews:rules.item${n}`))}</li>`).join("");
  return `<section class="review-rules" data-testid="review-rules"><h3>${escapeHtml(t("reviews:rules.title"))}</h3><ul>${items}</ul></section>`;
}
