import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { retryDueReceipts, sendReceipt } from "~/orders/index.server";
import { opsKey, ops } from "./fixtures";
import { alertsOf, clickMode, eventually, opsMessages, paidWithClick, payWithClick, placeWith, received } from "./money";
import { Shopper } from "./fixtures";

type Item = {
  Name: string;
  SPIC: string;
  Units?: number;
  PackageCode: string;
  GoodPrice: number;
  Price: number;
  Amount: number;
  Discount: number;
  VAT: number;
  VATPercent: number;
  CommissionInfo: { TIN?: string; PINFL?: string };
};
type FiscalBody = { service_id: number; payment_id: number; items: Item[]; received_ecash: number; received_cash: number; received_card: number };

const SUBMIT = "/click/payment/ofd_data/submit_items";
const submitted = async (paydoc: string) => (await received(SUBMIT)).filter((r) => (r.body as FiscalBody).payment_id === Number(paydoc));
const receiptOf = (orderId: number) =>
  env.DB.prepare("SELECT id, state, attempts, answer FROM fiscal_receipts WHERE order_id = ? AND kind = 'sale'")
    .bind(orderId)
    .first<{ id: number; state: string; attempts: number; answer: string | null }>();
const now = () => Math.floor(Date.now() / 1000);

describe("Click's fiscal receipts", () => {
  it("a paid order's sale receipt goes to Click field by field: Units, the seller's TIN, Price before the discount with Discount apart, the VAT inside what is paid, received_card; accepted", async () => {
    const key = await opsKey(["orders:write"]);
    const { placed, paydoc } = await paidWithClick(0, "receipt-fields-0");
    const sent = await eventually(
      () => submitted(paydoc),
      (r) => r.length > 0,
    );
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body as FiscalBody;
    expect(body).toMatchObject({ service_id: 4242, payment_id: Number(paydoc), received_ecash: 0, received_cash: 0 });
    for (const i of body.items) {
      expect(i).toMatchObject({
        SPIC: expect.stringMatching(/^\d{17}$/),
        Units: 1501,
        PackageCode: expect.stringMatching(/^\d+$/),
        CommissionInfo: { TIN: "123456789" },
      });
      expect(i.Price).toBe(i.GoodPrice * i.Amount);
      expect(i.VAT).toBe(Math.round(((i.Price - i.Discount) * i.VATPercent) / (100 + i.VATPercent)));
      expect(i.Name.length).toBeLessThanOrEqual(63);
    }
    expect(body.received_card).toBe(placed.totals.total * 100);
    expect(body.items.reduce((s, i) => s + i.Price - i.Discount, 0)).toBe(placed.totals.total * 100);
    expect(
      await eventually(
        () => receiptOf(placed.id),
        (r) => r?.state === "accepted",
      ),
    ).toMatchObject({ state: "accepted", attempts: 1 });
    const listed = (await (await ops("/api/ops/receipts?state=all", key)).json()) as { receipts: { orderNumber: string; kind: string; state: string }[] };
    expect(listed.receipts.filter((r) => r.orderNumber === placed.number)).toEqual([expect.objectContaining({ kind: "sale", state: "accepted" })]);
    expect((await ops("/api/ops/receipts?state=some", key)).status).toBe(422);
  });

  it("Click refuses a receipt: its answer is kept, operators are told once, and it is sent again when due until Click accepts it", async () => {
    const key = await opsKey(["orders:write"]);
    const { placed, paydoc } = await paidWithClick(1, "receipt-refused-1", { before: (doc) => clickMode("submit_items", doc, "refuse") });
    const refused = await eventually(
      () => receiptOf(placed.id),
      (r) => r?.state === "refused",
    );
    expect(refused).toMatchObject({ state: "refused", answer: expect.stringContaining("-16") });
    expect(await alertsOf("receipt_refused", refused!.id)).toBe(1);
    const open = (await (await ops("/api/ops/receipts", key)).json()) as { receipts: { orderNumber: string; state: string; answer: string }[] };
    expect(open.receipts.find((r) => r.orderNumber === placed.number)).toMatchObject({ state: "refused", answer: expect.stringContaining("-16") });
    // Not due yet; then due, still refused: told once only.
    expect(await retryDueReceipts(env, null, now() + 60)).toBe(0);
    expect(await retryDueReceipts(env, null, now() + 700)).toBe(0);
    expect((await receiptOf(placed.id))!.attempts).toBe(2);
    expect(await opsMessages(placed.number)).toHaveLength(2);
    // Click takes it now.
    await clickMode("submit_items", paydoc, "");
    expect(await retryDueReceipts(env, null, now() + 100_000)).toBe(1);
    expect(await receiptOf(placed.id)).toMatchObject({ state: "accepted", attempts: 3, answer: null });
    expect(await retryDueReceipts(env, null, now() + 200_000)).toBe(0);
    expect(await submitted(paydoc)).toHaveLength(1);
  });

  it("a receipt whose answer never came (Click took it, the connection dropped) stays sent; the next try asks Click whether it holds it, and does not send it twice", async () => {
    const { placed, paydoc } = await paidWithClick(2, "receipt-drop-2", { before: (doc) => clickMode("submit_items", doc, "drop") });
    const sent = await eventually(
      () => receiptOf(placed.id),
      (r) => r?.answer !== null && r?.answer !== undefined,
    );
    expect(sent).toMatchObject({ state: "sent", answer: expect.stringContaining("no answer") });
    await Promise.all([retryDueReceipts(env, null, now() + 700), retryDueReceipts(env, null, now() + 700)]);
    expect(await receiptOf(placed.id)).toMatchObject({ state: "accepted", attempts: 2 });
    expect(await submitted(paydoc)).toHaveLength(1);
    expect(await received(`/click/payment/ofd_data/4242/${paydoc}`)).toHaveLength(1);
  });

  it("without the seller's TIN or PINFL no receipt is sent: it waits refused, with the reason, and operators are told", async () => {
    const { placed, paydoc } = await paidWithClick(3, "receipt-seller-3");
    await eventually(
      () => receiptOf(placed.id),
      (r) => r?.state === "accepted",
    );
    // Another shop's configuration, without the seller: a fresh receipt row for the same payment is refused before any call.
    const id = (await receiptOf(placed.id))!.id;
    await env.DB.prepare("UPDATE fiscal_receipts SET state = 'pending', next_attempt_at = 0 WHERE id = ?").bind(id).run();
    expect(await sendReceipt({ ...env, SELLER_TIN: "", SELLER_PINFL: "" }, id, null)).toBe("refused");
    expect(await receiptOf(placed.id)).toMatchObject({ state: "refused", answer: "the seller's TIN or PINFL is not configured" });
    expect(await submitted(paydoc)).toHaveLength(1);
  });

  it("the receipt keeps what was placed: delivery's codes, VAT and title frozen on the order, whatever the delivery type says later", async () => {
    const placedCodes = await env.DB.prepare("SELECT ikpu, package_code AS pkg, vat_percent AS vat FROM delivery_types WHERE id = 1").first<{
      ikpu: string;
      pkg: string;
      vat: number;
    }>();
    const shopper = new Shopper();
    // A cheap product: courier delivery in Tashkent costs something, so it is a line of the receipt.
    const placed = await placeWith(shopper, 4, "receipt-frozen-4", "click");
    const frozen = await env.DB.prepare(
      "SELECT delivery_ikpu AS ikpu, delivery_package_code AS pkg, delivery_vat_percent AS vat, delivery_title AS title, delivery_cost AS cost FROM orders WHERE id = ?",
    )
      .bind(placed.id)
      .first<{ ikpu: string; pkg: string; vat: number; title: string; cost: number }>();
    expect(frozen).toMatchObject({ ikpu: placedCodes!.ikpu, pkg: placedCodes!.pkg, vat: placedCodes!.vat, title: expect.any(String) });
    await env.DB.prepare("UPDATE delivery_types SET ikpu = '99999999999999999', vat_percent = 0 WHERE id = 1").run();
    try {
      const paydoc = await payWithClick(placed);
      const sent = await eventually(
        () => submitted(paydoc),
        (r) => r.length > 0,
      );
      const items = (sent[0]!.body as FiscalBody).items;
      if (frozen!.cost > 0) expect(items.at(-1)).toMatchObject({ SPIC: placedCodes!.ikpu, VATPercent: placedCodes!.vat });
      expect(items.some((i) => i.SPIC === "99999999999999999")).toBe(false);
    } finally {
      await env.DB.prepare("UPDATE delivery_types SET ikpu = ?, vat_percent = ? WHERE id = 1").bind(placedCodes!.ikpu, placedCodes!.vat).run();
    }
  });
});
