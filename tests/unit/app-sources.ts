/**
 * The app's source files as text, for the tests that read the code itself
 * (import boundaries, who writes which table): each file's code without its
 * comments, its string literals, and its imports.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export type SourceFile = {
  /** Relative to the repository, with "/" (e.g. "app/cart/lines.server.ts"). */
  path: string;
  /** Every string and template literal's text (a template keeps its `${…}` as written). */
  strings: string[];
  /** Every module specifier: import and export … from, import("…"), typeof import("…"). */
  imports: string[];
};

/** Every .ts and .tsx file under `dir` (relative to the repository), generated types (+types) left out. */
export function sourceFiles(dir: string): SourceFile[] {
  return sourcePaths(dir).map((path) => ({ path, ...scan(readFileSync(join(ROOT, path), "utf8")) }));
}

/** The paths of `sourceFiles`, relative to the repository with "/" (e.g. "app/cart/lines.server.ts"), without reading them. */
export function sourcePaths(dir: string): string[] {
  const paths: string[] = [];
  const walk = (abs: string) => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const full = join(abs, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "+types" && entry.name !== "node_modules") walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        paths.push(relative(ROOT, full).split("\\").join("/"));
      }
    }
  };
  walk(join(ROOT, dir));
  return paths;
}

/** Where a `/` in code starts a regular expression rather than a division (after `<` it closes a JSX tag). */
const BEFORE_REGEX = /(^|[(,=:[!&|?{};+\-*%~^]|=>|\breturn|\btypeof|\bcase|\bin|\bof)\s*$/;

/**
 * A small scanner of TypeScript text: comments dropped, string and template
 * literals collected (nested `${}` followed), regular expressions skipped.
 * Enough for this code base's files, not a parser.
 */
export function scan(source: string): { strings: string[]; imports: string[] } {
  const strings: string[] = [];
  let code = "";
  let i = 0;
  // Open templates' brace depth: a "}" at depth 0 goes back into the template.
  const templates: { start: number; depth: number }[] = [];
  const readTemplate = (start: number) => {
    // From just after a "`" or a "}" closing an expression, to the closing "`" or an opening "${".
    for (let j = start; j < source.length; j++) {
      const c = source[j];
      if (c === "\\") {
        j++;
        continue;
      }
      if (c === "`") {
        const open = templates.pop()!;
        strings.push(source.slice(open.start, j));
        code += "``";
        return j + 1;
      }
      if (c === "$" && source[j + 1] === "{") {
        templates.at(-1)!.depth = 0;
        return j + 2;
      }
    }
    return source.length;
  };
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === "/" && next === "/") {
      const end = source.indexOf("\n", i);
      i = end < 0 ? source.length : end;
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      i = end < 0 ? source.length : end + 2;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== c && source[j] !== "\n") j += source[j] === "\\" ? 2 : 1;
      strings.push(source.slice(i + 1, j));
      code += c + source.slice(i + 1, j) + c;
      i = j + 1;
    } else if (c === "`") {
      templates.push({ start: i + 1, depth: -1 });
      i = readTemplate(i + 1);
    } else if (c === "/" && BEFORE_REGEX.test(code)) {
      let j = i + 1;
      let inClass = false;
      while (j < source.length && source[j] !== "\n" && (inClass || source[j] !== "/")) {
        if (source[j] === "\\") j++;
        else if (source[j] === "[") inClass = true;
        else if (source[j] === "]") inClass = false;
        j++;
      }
      code += "/regex/";
      i = j + 1;
    } else if (templates.length && templates.at(-1)!.depth >= 0 && (c === "{" || c === "}")) {
      const open = templates.at(-1)!;
      if (c === "{") open.depth++;
      else if (open.depth > 0) open.depth--;
      else {
        open.depth = -1;
        i = readTemplate(i + 1);
        continue;
      }
      code += c;
      i++;
    } else {
      code += c;
      i++;
    }
  }
  const imports = [
    ...code.matchAll(/\b(?:import|export)\s+(?:type\s+)?[^;"'`]*?\bfrom\s*["']([^"']+)["']/g),
    ...code.matchAll(/\bimport\s*["']([^"']+)["']/g),
    ...code.matchAll(/\bimport\s*\(\s*(?:\/\*[^*]*\*\/\s*)?["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1]!);
  return { strings, imports };
}
