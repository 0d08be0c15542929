export {
  moderationSchema,
  REVIEW_NAME_MAX,
  REVIEW_SORTS,
  REVIEW_TEXT_MAX,
  type ReviewSort,
  reactionSchema,
  reviewFormSchema,
  reviewsQuerySchema,
  TOKEN_TYPES,
} from "./schema";
export { ReviewsWidget } from "./widget";
export { Captcha } from "./captcha";
export { sendReaction } from "./reactions";
export { ReviewPopup } from "./review-popup";
