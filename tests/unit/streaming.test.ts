import { afterEach, describe, expect, it, vi } from "vitest";
import { streamed } from "~/streaming.server";

// A page's streamed data gives up in time, so its Suspense boundary (and the render) ends.

describe("streamed", () => {
  afterEach(() => void vi.useRealTimers());

  it("passes data and errors through when they come in time", async () => {
    await expect(streamed(Promise.resolve([1, 2]), 50)).resolves.toEqual([1, 2]);
    await expect(streamed(Promise.reject(new Error("D1 down")), 50)).rejects.toThrow("D1 down");
  });

  it("turns late data into an error at the limit, and clears its timer when the data wins", async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => {});
    const late = streamed(never, 5_000);
    const outcome = late.then(() => "resolved", (e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe("streamed data took over 5000 ms");
    await streamed(Promise.resolve("on time"), 5_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});
