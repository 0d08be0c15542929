import { ConformForm, useReplyForm } from "~/forms/conform-form";
import { FormError } from "~/forms/form-error";
import { FormRow } from "~/forms/form-row";
import type { FormReply } from "~/forms/parse";
import { useI18n } from "~/i18n/use-i18n";

/** The console's reviews page: each review awaiting moderation, to publish or reject with a reason. */
export type PendingReview = { id: number; product_slug: string; user_name: string; rating: number; text: string; version: number; created_at: string };

export function ReviewsView({ reviews, replyOf }: { reviews: PendingReview[]; replyOf: (form: string) => FormReply | undefined }) {
  const { t } = useI18n();
  if (!reviews.length) return <p data-testid="ops-empty">{t("ops:console.reviews.none")}</p>;
  return (
    <ul className="ops__list">
      {reviews.map((r) => (
        <li key={r.id} data-testid="ops-review" data-id={r.id}>
          <ReviewForm review={r} lastResult={replyOf(String(r.id))} />
        </li>
      ))}
    </ul>
  );
}

function ReviewForm({ review, lastResult }: { review: PendingReview; lastResult?: FormReply }) {
  const { t } = useI18n();
  const form = useReplyForm({ id: `review-${review.id}`, lastResult });
  return (
    <ConformForm form={form} className="form">
      <p>
        <a href={`/product/${review.product_slug}`}>{review.product_slug}</a> · {review.user_name} · {"★".repeat(review.rating)} · {review.created_at}
      </p>
      <blockquote data-testid="ops-review-text">{review.text}</blockquote>
      <FormError />
      <input type="hidden" name="id" value={review.id} />
      <input type="hidden" name="version" value={review.version} />
      <FormRow name="reason" label={t("ops:console.reviews.reason")} maxLength={500} />
      <button type="submit" name="decision" value="publish" className="button" data-testid="ops-publish">
        {t("ops:console.reviews.publish")}
      </button>{" "}
      <button type="submit" name="decision" value="reject" className="button button--secondary" data-testid="ops-reject">
        {t("ops:console.reviews.reject")}
      </button>
    </ConformForm>
  );
}
