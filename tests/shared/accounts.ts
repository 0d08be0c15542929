/**
 * The seed's demo accounts (workers/seed/shop.ts, DEMO_ACCOUNTS), for both test tiers:
 * `DEMO` has no club card, `CLUB` has one and 150 000 bonuses. They persist between runs.
 * tests/unit/seed.test.ts holds them to the seed's.
 */
export const DEMO = { login: "demo@libos.uz", password: "Demo-pass-1" } as const;
export const CLUB = { login: "club@libos.uz", password: "Club-demo-1" } as const;
