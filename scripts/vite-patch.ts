/**
 * The build's patch of a dependency's file (scripts/vite-react-string-chunks.ts): each
 * replacement must match exactly once, or the build fails naming what changed, instead of
 * shipping a half-patched file.
 */
export function applyPatches(
  code: string,
  patches: readonly (readonly [from: string, to: string])[],
  changed: (from: string, found: number) => string,
): string {
  for (const [from, to] of patches) {
    const found = code.split(from).length - 1;
    if (found !== 1) throw new Error(changed(from, found));
    code = code.replace(from, () => to);
  }
  return code;
}
