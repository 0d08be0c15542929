export { langOfAcceptLanguage, reviewsJson } from "./json.server";
export { customerOf, type PublishResult, publishReview } from "./publish.server";
export {
  type MatchingParameter,
  type ProductReviews,
  productReviews,
  REVIEWS_SHOWN,
  type Review,
  type ReviewsForSearch,
  reviewsForSearch,
  reviewsForSearchQueries,
} from "./reviews.server";
export { react, REVIEWS_PER_HOUR } from "./write.server";
export { reviewRulesHtml, reviewsHtml, type WidgetContext } from "./html.server";
export { type FormParameter, reviewFormOf } from "./form.server";
export { reviewsQueryOf } from "./query.server";
export { moderateReview, type PendingReview, pendingReviews } from "./moderation.server";
export { reviewsWidget } from "./widget.server";
