import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import tree from "../../app/routes";
import { ROUTE_TABLE } from "../shared/route-table";

// Nested routes (the product's review popup) count as routes of their own.
type Node = { path?: string; file: string; children?: Node[] };
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const routes = flat(tree as Node[]);

describe("the route table of the tests", () => {
  it("has a row for every route of app/routes.ts, and no other", () => {
    const paths = (routes as { path?: string }[]).map((r) => r.path ?? "");
    expect(ROUTE_TABLE.map((r) => r.route).sort()).toEqual([...paths].sort());
  });

  it("marks exactly the pages whose module has a form action", () => {
    for (const route of routes as { path?: string; file: string }[]) {
      const row = ROUTE_TABLE.find((r) => r.route === (route.path ?? ""))!;
      if (row.json) continue;
      const source = readFileSync(new URL(`../../app/${route.file}`, import.meta.url), "utf8");
      expect(Boolean(row.action), route.file).toBe(/export (async )?function action\b|export const action\b/.test(source));
    }
  });
});
