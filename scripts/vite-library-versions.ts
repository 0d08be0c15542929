import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/**
 * Code that depends on what one version of a library does inside (its compiled text, or the
 * markup it writes): each decision record says how it was checked and how to redo it. Another
 * version installed stops the build here, naming the record, instead of shipping code that may
 * no longer do what the record says. After redoing the check, set the version here.
 */
export const WRITTEN_FOR = [
  {
    packages: ["react", "react-dom"],
    version: "19.3.1",
    what: "the build patches React's edge server renderer (scripts/vite-react-string-chunks.ts)",
    record: "docs/decisions/202-react-string-chunks.md",
  },
  {
    packages: ["react-dom"],
    version: "19.3.1",
    what: "the Worker's build takes react-dom's edge renderer by its file's path (vite.config.ts)",
    record: "docs/decisions/204-react-dom-server-alias.md",
  },
  {
    packages: ["react-router"],
    version: "8.4.0",
    what: "the Worker rewrites the markup React Router's <Scripts> writes (app/server/deferred-scripts.server.ts)",
    record: "docs/decisions/201-deferred-scripts.md",
  },
  {
    packages: ["zod"],
    version: "4.6.7",
    what: "the browser's build replaces zod's JSON Schema modules (scripts/vite-zod-browser.ts)",
    record: "docs/decisions/203-zod-without-json-schema.md",
  },
  {
    packages: ["zod"],
    version: "4.6.7",
    what: "the builds replace zod's English messages (scripts/vite-zod-browser.ts)",
    record: "docs/decisions/205-deployed-build-without-stand-ins.md",
  },
  {
    packages: ["@conform-to/react", "@conform-to/zod"],
    version: "1.21.1",
    what: "the builds take one copy of Babel's helpers for conform's three packages, @conform-to/dom their dependency (scripts/vite-conform-helpers.ts)",
    record: "docs/decisions/205-deployed-build-without-stand-ins.md",
  },
] as const;

const ROOT = new URL("../", import.meta.url);

/** The installed version of a package (its package.json under node_modules). */
export function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(fileURLToPath(new URL(`node_modules/${name}/package.json`, ROOT)), "utf8")) as { version: string }).version;
}

/** One message per package whose installed version is not the one its code was written for. */
export function versionDrift(installed: (name: string) => string = installedVersion): string[] {
  return WRITTEN_FOR.flatMap(({ packages, version, what, record }) =>
    packages
      .filter((name) => installed(name) !== version)
      .map(
        (name) =>
          `${name} ${installed(name)} is installed, but ${what} for ${version}: redo what ${record} says (How to redo it), then set the version in scripts/vite-library-versions.ts`,
      ),
  );
}

/** Whether each record named exists (a unit test holds this). */
export const recordsExist = () => WRITTEN_FOR.every(({ record }) => existsSync(fileURLToPath(new URL(record, ROOT))));

/** The production build only: the dev server runs React's development build, which nothing patches. */
export function libraryVersions(): Plugin {
  return {
    name: "library-versions",
    apply: "build",
    buildStart() {
      const drift = versionDrift();
      if (drift.length) throw new Error(drift.join("\n"));
    },
  };
}
