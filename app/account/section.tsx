import type { FormReply } from "~/forms/parse";
import { useI18n } from "~/i18n/use-i18n";
import type { Account } from "./account.server";
import { Notice } from "./notice";

export type Section = "personal" | "kids" | "addresses" | "phone" | "email";

/** A refused form of the account page: its section, which form it was, and the action's reply. */
export type Failure = { section: Section; form: string; reply: FormReply } | null;

export type SectionProps = { account: Account; notice: { section: Section; key: string } | null; failure: Failure; pendingPhone: string | null };

/** The reply for the form `form`, if the last refused form was that one. */
export function replyFor(failure: Failure, form: string): FormReply | null {
  return failure?.form === form ? failure.reply : null;
}

/** A section's form-level error (a full list, a foreign id, too many tries), else what its last action did. */
export function SectionStatus({ section, notice, failure }: { section: Section; notice: SectionProps["notice"]; failure: Failure }) {
  const { t } = useI18n();
  const error = failure?.section === section ? failure.reply.error?.[""]?.[0] : undefined;
  if (error) return <Notice text={t(error)} error section={section} />;
  if (notice?.section === section) return <Notice text={t(`account:notices.${notice.key}`)} section={section} />;
  return null;
}
