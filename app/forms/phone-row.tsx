import { useEffect, useRef } from "react";
import { FormRow } from "./form-row";

/** The spec's Uzbek mask, "+998 ## ### ####". */
export const PHONE_MASK = "+{998} 00 000 0000";

/**
 * The national digits of what was typed before the mask arrived: "+998 90 1…",
 * "998901234567" and "90 1…" all give "901…".
 */
export function nationalDigits(typed: string): string {
  const digits = typed.replace(/\D/g, "");
  if (!typed.trimStart().startsWith("+") && !(digits.length > 9 && digits.startsWith("998"))) return digits.slice(0, 9);
  let prefix = 0;
  while (prefix < 3 && digits[prefix] === "998"[prefix]) prefix++;
  return digits.slice(prefix, prefix + 9);
}

/**
 * A phone field. With JavaScript it gets the Uzbek mask (imask, loaded when
 * the field is first focused, so pages do not pay for it up front); without
 * it, any spacing is fine: the server keeps digits and the plus.
 */
export function PhoneRow(props: { name: string; label: string }) {
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Never on the server (keeps imask out of the Worker bundle).
    if (import.meta.env.SSR) return;
    const input = wrapper.current?.querySelector("input");
    if (!input) return;
    let mask: { destroy(): void } | null = null;
    let cancelled = false;
    const attach = async () => {
      input.removeEventListener("focus", attach);
      const { default: IMask } = await import("imask");
      if (cancelled) return;
      // imask starts empty: keep what the shopper typed while it loaded, and put
      // the caret where typing goes on (not after the placeholder).
      const typed = nationalDigits(input.value);
      const masked = IMask(input, { mask: PHONE_MASK, lazy: false, placeholderChar: "_" });
      mask = masked;
      if (typed) masked.unmaskedValue = `998${typed}`;
      if (document.activeElement === input) masked.alignCursor();
    };
    input.addEventListener("focus", attach);
    return () => {
      cancelled = true;
      input.removeEventListener("focus", attach);
      mask?.destroy();
    };
  }, []);
  return (
    <div ref={wrapper}>
      <FormRow {...props} type="tel" inputMode="tel" autoComplete="tel" placeholder="+998 90 123 4567" maxLength={40} required />
    </div>
  );
}
