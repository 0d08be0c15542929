/** The spec's number masks: money with 2 decimals (comma radix, space thousands), percent 0–100. */
export type NumberMaskKind = "currency" | "percent";

export function numberMaskOptions(kind: NumberMaskKind) {
  return kind === "currency"
    ? { mask: Number, scale: 2, radix: ",", mapToRadix: ["."], thousandsSeparator: " ", min: 0, normalizeZeros: true, padFractionalZeros: false }
    : { mask: Number, scale: 0, min: 0, max: 100 };
}

/**
 * A money or percent field's mask, with JavaScript: imask loads when the field is first focused
 * (no page pays for it up front). imask cannot mask a number field: render the field as text
 * once hydrated (a number field without JavaScript). A ref callback: returns its cleanup.
 * The loading on focus repeats the phone row's on purpose: a loader shared by both chunks (the
 * catalogue's and the forms') was a chunk of its own, one more request on the checkout and every
 * listing (+0.12–0.14 KB each) for a dozen lines.
 */
export function lazyNumberMask(kind: NumberMaskKind) {
  return (input: HTMLInputElement | null) => {
    // Never on the server (keeps imask out of the Worker bundle).
    if (import.meta.env.SSR || !input) return;
    let mask: { destroy(): void } | null = null;
    let cancelled = false;
    const attach = async () => {
      input.removeEventListener("focus", attach);
      const { default: IMask } = await import("imask");
      if (cancelled) return;
      const typed = input.value;
      const masked = IMask(input, numberMaskOptions(kind) as Parameters<typeof IMask>[1]);
      mask = masked;
      // What was typed while it loaded, as a number.
      if (typed) masked.unmaskedValue = typed.replace(",", ".");
    };
    input.addEventListener("focus", attach);
    return () => {
      cancelled = true;
      input.removeEventListener("focus", attach);
      mask?.destroy();
    };
  };
}
