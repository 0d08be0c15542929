import type { Lang } from "~/i18n/languages";
import type { ProductReviews } from "./reviews.server";

/** The JSON API's review language map: `ru-RU` → ru, `uz-UZ` → uz, `uk` → uk (first that matches), else the shop's default. */
export function langOfAcceptLanguage(header: string | null, fallback: Lang): Lang {
  for (const part of (header ?? "").split(",")) {
    const code = part.split(";")[0]!.trim().toLowerCase().slice(0, 2);
    if (code === "ru" || code === "uz" || code === "uk") return code;
  }
  return fallback;
}

/** A product's reviews as the JSON API answers them (docs/api.md): `{calculated_values, reviews, countReview, matching_parameters}`. */
export function reviewsJson(r: ProductReviews) {
  return {
    calculated_values: { rating: r.rating, ratingPercentage: Math.round(r.rating * 20), reviews_count: r.count },
    reviews: r.reviews.map((v) => ({
      id: v.id,
      rating: v.rating,
      text: v.text,
      user_name: v.userName,
      likes: v.likes,
      dislikes: v.dislikes,
      user_like: v.mine === 1 ? 1 : 0,
      user_dislike: v.mine === -1 ? 1 : 0,
      matching_parameters: v.matchings,
      order_in_size: v.bought?.size ?? null,
      order_in_color: v.bought?.color ?? null,
      comment_date: new Date(v.date * 1000).toISOString().slice(0, 10),
      confirmed: v.confirmed,
      pending: v.pending,
      rejected_reason: v.rejectedReason,
    })),
    countReview: r.count,
    matching_parameters: r.parameters.map((p) => ({
      id: p.id,
      name: p.name,
      values: p.values.map((v) => ({ id: v.id, name: v.name, count: v.count, share: v.share })),
    })),
  };
}
