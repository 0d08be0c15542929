import type { FormReply } from "~/forms/parse";
import { useI18n } from "~/i18n/use-i18n";
import type { CheckoutData, Step } from "./flow.server";

export type CheckoutFailure = {
  /** "sign-in": the checkout's own sign-in form was refused. */
  step: Step | "sign-in";
  reply?: FormReply;
  refusal?: { code: string; error?: string; lines?: { name: string; size: string; stock: number }[] };
} | null;

export type StepProps = { data: CheckoutData; failure: CheckoutFailure };

export const replyFor = (failure: CheckoutFailure, step: Step) => (failure?.step === step ? (failure.reply ?? null) : null);

/** The select's texts, from the page's namespace (the shared combobox has none of its own). */
export function useSelectTexts() {
  const { t } = useI18n();
  return {
    loading: t("orders:select.loading"),
    noResults: t("orders:select.noResults"),
    close: t("orders:select.close"),
    shortcuts: t("orders:select.shortcuts"),
  };
}
