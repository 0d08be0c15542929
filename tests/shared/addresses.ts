/**
 * Client addresses (what Cloudflare sends as CF-Connecting-IP), each new: the per-address
 * limits (orders, new carts, sign-ups, gift hints) count each test apart, as they would count
 * shoppers. `second` is the address's second number: a test tier's own (a Worker test file's
 * fixed one, a browser test worker's from its process), so tiers and runs do not share them.
 */
export function addressMaker(second: number): () => string {
  let made = 0;
  return () => {
    made++;
    return `10.${second % 250}.${Math.floor(made / 250) % 250}.${made % 250}`;
  };
}
