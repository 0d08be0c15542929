import { listFindings, listReceipts, listRefunds, receiptDoneByHand, refundMadeByHand, retryRefundNow } from "~/orders/index.server";

/** The console's money page: refunds not yet made, receipts that need a person, the reconciliation's open findings. */
export async function moneyPage(db: D1Database) {
  const [refunds, receipts, findings] = await Promise.all([listRefunds(db, "open", 100), listReceipts(db, true, 100), listFindings(db, false, 100)]);
  return { refunds, receipts, findings };
}

/**
 * A money page's form through the owner's rules, as the operations API's calls run them: a
 * refund made by hand (refused while the provider may still send it) or tried now, a return
 * receipt made by hand. Null when done; else the refusal.
 */
export async function moneyStep(
  env: Env,
  dispatch: (request: Request) => Promise<Response>,
  v: { kind: "refund" | "receipt"; id: number; op: "done" | "retry" },
): Promise<{ status: 400 | 404 | 409; message: string } | null> {
  if (v.kind === "receipt" && v.op !== "done") return { status: 400, message: "ops:errors.unknownOperation" };
  if (v.kind === "receipt") {
    const done = await receiptDoneByHand(env.DB, v.id);
    if (!done) return { status: 404, message: "ops:errors.receiptNotFound" };
    return done.done ? null : { status: 409, message: "ops:errors.receiptNotTask" };
  }
  if (v.op === "done") {
    const marked = await refundMadeByHand(env, v.id);
    if (!marked) return { status: 404, message: "ops:errors.refundNotFound" };
    if (marked.made) return null;
    return { status: 409, message: marked.refund.state === "refunded" ? "ops:errors.refundMade" : "ops:errors.refundInFlight" };
  }
  const tried = await retryRefundNow(env, v.id, dispatch);
  if (!tried) return { status: 404, message: "ops:errors.refundNotFound" };
  return tried.outcome === "skipped" ? { status: 409, message: "ops:errors.refundNotDue" } : null;
}
