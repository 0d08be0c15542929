import { afterEach, describe, expect, it, vi } from "vitest";
import { streamed } from "~/server/streaming.server";

// A page's streamed data gives up in time, so its Suspense boundary (and the render) ends.

describe("streamed", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("passes data through when it comes in time; a failure is passed on and logged", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(streamed(Promise.resolve([1, 2]), "related products", 50)).resolves.toEqual([1, 2]);
    expect(log).not.toHaveBeenCalled();
    await expect(streamed(Promise.reject(new Error("D1 down")), "related products", 50)).rejects.toThrow("D1 down");
    expect(log).toHaveBeenCalledWith("streamed related products failed:", expect.objectContaining({ message: "D1 down" }));
  });

  it("turns late data into a logged error at the limit, and clears its timer when the data wins", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.useFakeTimers();
    const never = new Promise<string>(() => {});
    const outcome = streamed(never, "related products", 5_000).then(
      () => "resolved",
      (e: Error) => e.message,
    );
    await vi.advanceTimersByTimeAsync(4_999);
    expect(vi.getTimerCount()).toBe(1);
    expect(log).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe("streamed data took over 5000 ms");
    expect(log).toHaveBeenCalledTimes(1);
    await streamed(Promise.resolve("on time"), "related products", 5_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});
