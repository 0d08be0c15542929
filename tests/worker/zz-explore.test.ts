import { it } from "vitest";
import { html, fx } from "./helpers";
const paths = ["/", "/store?brand=x", `/product/${fx.saleProductSlug}`, "/xx/store", "/search?q=ozbegim", "/nope/page"];
it("dump", async () => {
  for (const p of paths) {
    const { res, body } = await html(p, { headers: { "user-agent": "Googlebot/2.1" } });
    console.log("=====PATH " + p + " " + res.status + " " + JSON.stringify([...res.headers]));
    console.log(body);
  }
});
