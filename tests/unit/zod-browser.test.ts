import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { exportedNames, jsonSchemaStandIn, ZOD_JSON_SCHEMA } from "../../scripts/vite-zod-browser.ts";

// The browser's zod without JSON Schema (docs/decisions/203): the stand-ins must export every
// name the installed modules do (a missing one would be undefined where zod calls it).

const resolve = createRequire(import.meta.url).resolve;
const modules = ["json-schema-processors", "to-json-schema"].map((name) => resolve(`zod/v4/core`).replace(/index\.(c?js)$/, `${name}.js`));

describe("zod's JSON Schema modules in the browser's build", () => {
  it.each(modules)("the stand-in for %s exports what the installed module exports", async (path) => {
    expect(ZOD_JSON_SCHEMA.test(path)).toBe(true);
    const real = Object.keys(await import(path)).sort();
    const code = readFileSync(path, "utf8");
    expect(exportedNames(code).sort()).toEqual(real);
    const standIn = jsonSchemaStandIn(code);
    for (const name of real) expect(standIn).toContain(`export const ${name} =`);
  });

  it("throws when JSON Schema is asked for, and a schema built with it still parses", async () => {
    const url = `data:text/javascript,${encodeURIComponent(jsonSchemaStandIn(readFileSync(modules[1]!, "utf8")))}`;
    const standIn = await import(/* @vite-ignore */ url);
    const method = standIn.createStandardJSONSchemaMethod({}, "input");
    expect(() => method()).toThrow(/not in the production build/);
    expect(() => standIn.finalize()).toThrow(/not in the production build/);
  });
});
