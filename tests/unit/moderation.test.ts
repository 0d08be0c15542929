import { describe, expect, it } from "vitest";
import { isModerator } from "~/reviews/index.server";

const asking = (authorization?: string) =>
  new Request("https://shop.test/api/moderation/reviews", { headers: authorization ? { Authorization: authorization } : {} });
const withKey = (key?: string) => ({ REVIEWS_MODERATION_KEY: key }) as unknown as Env;

describe("the reviews' moderation key", () => {
  it("is off without a key, or with one too short to be a secret", () => {
    expect(isModerator(withKey(undefined), asking("Bearer anything"))).toBe("off");
    expect(isModerator(withKey("short"), asking("Bearer short"))).toBe("off");
  });

  it("lets in only the bearer of the exact key", () => {
    const env = withKey("moderation-key-0123456789");
    expect(isModerator(env, asking("Bearer moderation-key-0123456789"))).toBe(true);
    expect(isModerator(env, asking("Bearer moderation-key-012345678"))).toBe(false);
    expect(isModerator(env, asking("Basic moderation-key-0123456789"))).toBe(false);
    expect(isModerator(env, asking())).toBe(false);
  });
});
