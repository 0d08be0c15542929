import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { ROUTE_TABLE } from "../shared/route-table";

describe("the route table of the tests", () => {
  it("has a row for every route of app/routes.ts, and no other", () => {
    const paths = (routes as { path?: string }[]).map((r) => r.path ?? "");
    expect(ROUTE_TABLE.map((r) => r.route).sort()).toEqual([...paths].sort());
  });
});
