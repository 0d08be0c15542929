import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { consumeOutbox } from "~/outbox/queue.server";
import { DEAD_LETTER_QUEUE, enqueue, LOST_AFTER_SECONDS, type QueueMessageBody, requeueLost, UNDELIVERABLE_AFTER_SECONDS } from "~/outbox/outbox.server";

const PHONE = "+998907771122";
let printed: string[] = [];
beforeEach(() => {
  printed = [];
  for (const method of ["log", "info", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(" "));
    });
  }
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fetch(`http://provider.test/fail?to=${encodeURIComponent(PHONE)}&times=0`, { method: "POST" });
});

const newRow = async (body = "Kod: 123456") =>
  (await env.DB.prepare("INSERT INTO outbox (channel, recipient, body, touched_at) VALUES ('sms', ?, ?, unixepoch()) RETURNING id")
    .bind(PHONE, body)
    .first<{ id: number }>())!.id;
const rowOf = (id: number) => env.DB.prepare("SELECT status, attempts, last_error AS lastError FROM outbox WHERE id = ?").bind(id).first();
const sentTo = async () => ((await (await fetch("http://provider.test/received")).json()) as { to: string }[]).filter((m) => m.to === PHONE).length;

/**
 * One delivery of `id` from `queue`, as the queue's `attempts`-th try: the queue's result and the
 * delays asked of `retry` (workerd's test result does not keep them).
 */
async function consume(id: number, attempts: number, queue = "storefront-outbox") {
  const batch = createMessageBatch<QueueMessageBody>(queue, [{ id: `m${id}-${attempts}`, timestamp: new Date(), attempts, body: { outboxId: id } }]);
  const retry = vi.spyOn(batch.messages[0]!, "retry");
  await consumeOutbox(batch, env);
  const result = await getQueueResult(batch, createExecutionContext());
  return { ...result, delays: retry.mock.calls.map(([options]) => options?.delaySeconds) };
}

describe("outbox delivery through the queue", () => {
  it("a failed send retries with a backoff that grows per attempt, the row still pending", async () => {
    const id = await newRow();
    await fetch(`http://provider.test/fail?to=${encodeURIComponent(PHONE)}&times=20`, { method: "POST" });
    const delays: (number | undefined)[] = [];
    for (let attempt = 1; attempt <= 11; attempt++) {
      const result = await consume(id, attempt);
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages).toHaveLength(1);
      delays.push(...result.delays);
    }
    expect(delays).toEqual([10, 20, 40, 80, 160, 320, 600, 600, 600, 600, 600]);
    expect(await rowOf(id)).toEqual({ status: "pending", attempts: 11, lastError: "provider answered 503" });
    expect(await sentTo()).toBe(0);
  });

  it("after the last try the dead-letter consumer marks the row failed and logs it without the recipient or text", async () => {
    const id = await newRow("Kod: 654321");
    await fetch(`http://provider.test/fail?to=${encodeURIComponent(PHONE)}&times=1`, { method: "POST" });
    expect((await consume(id, 11)).retryMessages).toHaveLength(1);
    const dead = await consume(id, 1, DEAD_LETTER_QUEUE);
    expect(dead.explicitAcks).toEqual([`m${id}-1`]);
    expect(await rowOf(id)).toMatchObject({ status: "failed", attempts: 1 });
    const line = printed.map((text) => JSON.parse(text) as Record<string, unknown>).find((l) => l.outbox === id && l.status === "failed");
    expect(line).toMatchObject({ outbox: id, channel: "sms", attempts: 1, lastError: "provider answered 503" });
    const all = printed.join("\n");
    for (const secret of [PHONE, "907771122", "654321"]) expect(all).not.toContain(secret);
    // A failed row is not sent by a late copy of its message.
    expect((await consume(id, 1)).explicitAcks).toEqual([`m${id}-1`]);
    expect(await sentTo()).toBe(0);
  });

  it("a message whose row is already sent is acknowledged and never sent twice, nor marked failed by a dead letter", async () => {
    const id = await newRow();
    const before = await sentTo();
    expect((await consume(id, 1)).explicitAcks).toEqual([`m${id}-1`]);
    expect(await sentTo()).toBe(before + 1);
    expect((await consume(id, 2)).explicitAcks).toEqual([`m${id}-2`]);
    expect((await consume(id, 1, DEAD_LETTER_QUEUE)).explicitAcks).toEqual([`m${id}-1`]);
    expect(await sentTo()).toBe(before + 1);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("the cron queues again a pending row whose enqueue was lost, once; recent, sent and failed rows stay", async () => {
    const lost = await newRow();
    const recent = await newRow();
    const sent = await newRow();
    const failed = await newRow();
    await env.DB.prepare("UPDATE outbox SET touched_at = unixepoch() - ? WHERE id IN (?, ?, ?)")
      .bind(LOST_AFTER_SECONDS + 60, lost, sent, failed)
      .run();
    await env.DB.batch([
      env.DB.prepare("UPDATE outbox SET status = 'sent' WHERE id = ?").bind(sent),
      env.DB.prepare("UPDATE outbox SET status = 'failed' WHERE id = ?").bind(failed),
    ]);
    const sendBatch = vi.spyOn(env.OUTBOX, "sendBatch");
    expect(await requeueLost(env)).toBe(1);
    expect(sendBatch).toHaveBeenCalledWith([{ body: { outboxId: lost } }]);
    expect(await requeueLost(env)).toBe(0);
    expect(recent).toBeGreaterThan(lost);
  });

  it("a pending row written long ago is marked failed, never sent late (a login code from hours before)", async () => {
    const old = await newRow();
    await env.DB.prepare("UPDATE outbox SET created_at = unixepoch() - ?, touched_at = NULL WHERE id = ?")
      .bind(UNDELIVERABLE_AFTER_SECONDS + 60, old)
      .run();
    const sendBatch = vi.spyOn(env.OUTBOX, "sendBatch");
    await requeueLost(env);
    expect(sendBatch.mock.calls.flatMap(([messages]) => [...messages].map((m) => (m.body as QueueMessageBody).outboxId))).not.toContain(old);
    expect(await rowOf(old)).toMatchObject({ status: "failed" });
  });

  it("a failed enqueue leaves the row pending for the cron and does not fail the caller", async () => {
    vi.spyOn(env.OUTBOX, "send").mockRejectedValueOnce(new Error("Queue send failed"));
    const id = await enqueue(env, { channel: "sms", recipient: PHONE, body: "Buyurtma qabul qilindi" });
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(printed.join("\n")).not.toContain(PHONE);
    await env.DB.prepare("UPDATE outbox SET touched_at = unixepoch() - ? WHERE id = ?")
      .bind(LOST_AFTER_SECONDS + 60, id)
      .run();
    const sendBatch = vi.spyOn(env.OUTBOX, "sendBatch");
    expect(await requeueLost(env)).toBeGreaterThanOrEqual(1);
    expect(sendBatch.mock.calls.flatMap(([messages]) => [...messages].map((m) => (m.body as QueueMessageBody).outboxId))).toContain(id);
  });
});
