// The shop's steps of an order reach the shopper: the order page's state and timeline.
import { expect, fillCart, opsKey, placeCashOrder, test, text, uniqueTag } from "./support";

const orders = (key: string) => text("ru", "orders", key);

test("the shop confirms and ships an order: its page shows the state and a timeline with the tracking number", async ({ page, member }, info) => {
  expect(member.email).toBeTruthy();
  await fillCart(page);
  const done = await placeCashOrder(page, "Timeline Xaridor");
  const number = done.split("/").pop()!;
  const mine = (await (await page.request.get("/api/orders")).json()) as { id: number; number: string }[];
  const { id } = mine.find((o) => o.number === number)!;

  // The ERP, with a key of its own, confirms and ships it.
  const key = opsKey(`e2e-${uniqueTag(info.project.name)}`, ["orders:write"]);
  const tracking = `UZ${Date.now()}`;
  for (const data of [{ status: "confirmed" }, { status: "shipped", tracking }]) {
    const res = await page.request.post(`/api/ops/orders/${id}/status`, { headers: { Authorization: `Bearer ${key}` }, data });
    expect(res.status()).toBe(200);
  }

  await page.goto(`/ru/account/orders/${number}`);
  await expect(page.getByTestId("order-status")).toHaveText(orders("status.shipped"));
  const steps = page.getByTestId("order-timeline").getByTestId("timeline-step");
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText(orders("status.placed"));
  await expect(steps.nth(1)).toContainText(orders("status.confirmed"));
  await expect(steps.nth(2)).toContainText(orders("status.shipped"));
  await expect(steps.nth(2)).toContainText(tracking);
  // Shipped: no longer the shopper's to cancel.
  await expect(page.getByTestId("cancel-order")).toHaveCount(0);

  // The order's confirmation page shows the same timeline.
  await page.goto(`/ru${done}`);
  await expect(page.getByTestId("order-timeline").getByTestId("timeline-step")).toHaveCount(3);
});
