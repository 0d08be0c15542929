import type { Plugin } from "vite";

/**
 * zod 4's classic schemas carry JSON Schema generation in every instance (`toJSONSchema()`,
 * `~standard.jsonSchema`, getters such as `minLength`): two modules of ≈ 17 kB, ≈ 5 kB gzip, in
 * the forms chunk of every page with a form. The browser and the Worker only parse form data
 * with the schemas (conform reads `_zod.bag`, never those methods), so their builds get these
 * two modules as stand-ins: each export throws when called; the method factories a schema calls
 * when it is built return a method that throws. The dev server and the tests keep the real ones.
 * docs/decisions/203-zod-without-json-schema.md: why, what it saves, how to redo it.
 */
export const ZOD_JSON_SCHEMA = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;

/**
 * zod's English messages (≈ 1.5 kB gzip), the default of every schema without its own error:
 * ours name a localized key on every field a shopper fills, so the builds say "Invalid input"
 * for the rest (a provider's malformed call, never shown to a shopper).
 */
export const ZOD_ENGLISH = /[\\/]zod[\\/]v4[\\/]locales[\\/]en\.js$/;
const ENGLISH_STAND_IN = 'export default function () { return { localeError: () => "Invalid input" }; }';

/** The names a module exports (`export function|const|class name`, `export { a as b }`). */
export function exportedNames(code: string): string[] {
  const names = [...code.matchAll(/^export (?:async )?(?:function\*?|const|let|var|class) ([\w$]+)/gm)].map((m) => m[1]!);
  for (const list of code.matchAll(/^export \{([^}]*)\}/gm))
    for (const item of list[1]!.split(",")) {
      const name = item
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.push(name);
    }
  return [...new Set(names)];
}

/** The stand-in for one of the two modules, exporting every name the real one does. */
export function jsonSchemaStandIn(code: string): string {
  const names = exportedNames(code);
  if (!names.length)
    throw new Error("zod-browser: found no exports in zod's JSON Schema module; zod changed: redo docs/decisions/203-zod-without-json-schema.md");
  const lines = [
    'function unavailable() { throw new Error("JSON Schema is not in the production build (scripts/vite-zod-browser.ts)"); }',
    ...names.map((name) => (/^create/.test(name) ? `export const ${name} = () => unavailable;` : `export const ${name} = unavailable;`)),
  ];
  return lines.join("\n");
}

/** The production builds (the browser's, and the Worker's: its upload's budget), not the dev server. */
export function zodBrowser(): Plugin {
  return {
    name: "zod-browser",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client" || environment.name === "ssr",
    transform(code, id) {
      if (ZOD_ENGLISH.test(id)) return { code: ENGLISH_STAND_IN, map: { mappings: "" } };
      if (!ZOD_JSON_SCHEMA.test(id)) return null;
      return { code: jsonSchemaStandIn(code), map: { mappings: "" } };
    },
  };
}
