/**
 * The money ledger's rows as operators see them (the operations API, the console), and what an
 * operator may do with a refund: client-safe, so the console's page and the server share them.
 */

export type RefundRow = {
  id: number;
  orderNumber: string;
  provider: string;
  /** The provider's id of the transaction (Payme's, to find it in its cabinet). */
  transaction: string;
  amount: number;
  state: "pending" | "requested" | "refunded" | "failed";
  attempts: number;
  lastError: string | null;
  lastOutcome: "refused" | "unknown" | null;
  failure: "deadline" | "click_month" | "not_configured" | null;
  task: "payme_cabinet" | "bank_transfer" | null;
  madeBy: "provider" | "operator" | null;
  nextAttemptAt: number;
  deadlineAt: number;
  createdAt: number;
  refundedAt: number | null;
};

/**
 * Whether an operator may say a refund was made by hand: only once the provider can no longer send
 * the money (failed, or Click's last answer refused it). The statement that records it
 * (`refundMadeByHand`) holds the same condition.
 */
export const mayMarkDone = (r: Pick<RefundRow, "state" | "lastOutcome">): boolean =>
  r.state === "failed" || (r.state === "pending" && r.lastOutcome === "refused");

/** Whether a try may be made now: owed, and no try under way or unanswered. */
export const mayRetry = (r: Pick<RefundRow, "state" | "lastOutcome">): boolean => r.state === "pending" && r.lastOutcome !== "unknown";

export type ReceiptRow = {
  id: number;
  orderNumber: string;
  kind: "sale" | "return";
  provider: string;
  state: "pending" | "sent" | "refused" | "accepted" | "task" | "done";
  attempts: number;
  answer: string | null;
  createdAt: number;
  acceptedAt: number | null;
};

export type FindingKind = "paid_at_provider" | "not_paid_at_provider" | "refunded_twice" | "receipt_missing" | "ledger_disagrees";

export type FindingRow = {
  id: number;
  kind: FindingKind;
  orderNumber: string;
  provider: string;
  transaction: string;
  amount: number;
  detail: string;
  foundAt: number;
  seenAt: number;
  resolvedAt: number | null;
};
