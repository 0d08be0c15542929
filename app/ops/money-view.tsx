import { ConformForm, useReplyForm } from "~/forms/conform-form";
import { FormError } from "~/forms/form-error";
import type { FormReply } from "~/forms/parse";
import { formatDate, formatUzs } from "~/i18n/format";
import type { Lang } from "~/i18n/languages";
import { useI18n } from "~/i18n/use-i18n";
import { type FindingRow, mayMarkDone, mayRetry, type ReceiptRow, type RefundRow } from "~/orders/index";

type Props = {
  refunds: RefundRow[];
  receipts: ReceiptRow[];
  findings: FindingRow[];
  lang: Lang;
  /** The action's reply to a form of this page, by the form's id (`refund-<id>`, `receipt-<id>`). */
  replyOf: (form: string) => FormReply | undefined;
};

/**
 * The console's money page: refunds not yet made (failed ones first, with the operator's task),
 * fiscal receipts that need a person, and the reconciliation's open findings. Each action is a
 * plain form (works without JavaScript); the server decides whether it is allowed.
 */
export function MoneyView({ refunds, receipts, findings, lang, replyOf }: Props) {
  const { t } = useI18n();
  return (
    <>
      <h2>{t("ops:console.money.refunds")}</h2>
      {refunds.length ? (
        <ul className="ops__list">
          {refunds.map((r) => (
            <li key={r.id} data-testid="ops-money-refund" data-id={r.id} data-state={r.state} data-number={r.orderNumber} data-transaction={r.transaction}>
              <RefundForm refund={r} lang={lang} lastResult={replyOf(`refund-${r.id}`)} />
            </li>
          ))}
        </ul>
      ) : (
        <p data-testid="ops-money-no-refunds">{t("ops:console.money.noRefunds")}</p>
      )}
      <h2>{t("ops:console.money.receipts")}</h2>
      {receipts.length ? (
        <ul className="ops__list">
          {receipts.map((r) => (
            <li key={r.id} data-testid="ops-money-receipt" data-id={r.id} data-state={r.state} data-kind={r.kind} data-number={r.orderNumber}>
              <ReceiptForm receipt={r} lastResult={replyOf(`receipt-${r.id}`)} />
            </li>
          ))}
        </ul>
      ) : (
        <p data-testid="ops-money-no-receipts">{t("ops:console.money.noReceipts")}</p>
      )}
      <h2>{t("ops:console.money.findings")}</h2>
      {findings.length ? (
        <ul className="ops__list">
          {findings.map((f) => (
            <li key={f.id} data-testid="ops-money-finding" data-kind={f.kind} data-number={f.orderNumber}>
              <strong>{t(`ops:console.money.finding.${f.kind}`)}</strong> · {f.orderNumber} · {t(`ops:console.payments.${f.provider}`)} {f.transaction} ·{" "}
              {formatUzs(f.amount, lang)} · {f.detail}
            </li>
          ))}
        </ul>
      ) : (
        <p data-testid="ops-money-no-findings">{t("ops:console.money.noFindings")}</p>
      )}
    </>
  );
}

function RefundForm({ refund: r, lang, lastResult }: { refund: RefundRow; lang: Lang; lastResult?: FormReply }) {
  const { t } = useI18n();
  const form = useReplyForm({ id: `refund-${r.id}`, lastResult });
  return (
    <ConformForm form={form} className="form">
      <p>
        <strong>{r.orderNumber}</strong> · {formatUzs(r.amount, lang)} · {t(`ops:console.payments.${r.provider}`)} {r.transaction} ·{" "}
        <span data-testid="ops-money-refund-state">{t(`ops:console.money.state.${r.state}`)}</span>
        {r.state === "pending" || r.state === "requested" ? ` · ${t("ops:console.money.deadline", { date: formatDate(r.deadlineAt, lang) })}` : ""}
      </p>
      {r.lastError ? <p data-testid="ops-money-refund-error">{r.lastError}</p> : null}
      {r.task ? (
        <p className="alert" data-testid="ops-money-task" data-task={r.task}>
          {r.failure ? `${t(`ops:console.money.failure.${r.failure}`)} ` : ""}
          {t(`ops:console.money.task.${r.task}`, { transaction: r.transaction, number: r.orderNumber })}
        </p>
      ) : null}
      <FormError />
      <input type="hidden" name="kind" value="refund" />
      <input type="hidden" name="id" value={r.id} />
      {mayRetry(r) ? (
        <button type="submit" name="op" value="retry" className="button button--secondary" data-testid="ops-money-retry">
          {t("ops:console.money.retry")}
        </button>
      ) : null}
      {/* Shown whenever the refund is open: the server refuses it (409) while the provider may still send the money. */}
      <button type="submit" name="op" value="done" className="button button--secondary" data-testid="ops-money-done" data-allowed={mayMarkDone(r)}>
        {t("ops:console.money.done")}
      </button>
    </ConformForm>
  );
}

function ReceiptForm({ receipt: r, lastResult }: { receipt: ReceiptRow; lastResult?: FormReply }) {
  const { t } = useI18n();
  const form = useReplyForm({ id: `receipt-${r.id}`, lastResult });
  return (
    <ConformForm form={form} className="form">
      <p>
        <strong>{r.orderNumber}</strong> · {t(`ops:console.money.receiptKind.${r.kind}`)} ·{" "}
        <span data-testid="ops-money-receipt-state">{t(`ops:console.money.receiptState.${r.state}`)}</span>
        {r.answer ? ` · ${r.answer}` : ""}
      </p>
      {r.state === "task" ? (
        <>
          <p className="alert" data-testid="ops-money-task" data-task="return_receipt">
            {t("ops:console.money.task.return_receipt", { number: r.orderNumber })}
          </p>
          <FormError />
          <input type="hidden" name="kind" value="receipt" />
          <input type="hidden" name="id" value={r.id} />
          <button type="submit" name="op" value="done" className="button button--secondary" data-testid="ops-money-receipt-done">
            {t("ops:console.money.receiptDone")}
          </button>
        </>
      ) : null}
    </ConformForm>
  );
}
