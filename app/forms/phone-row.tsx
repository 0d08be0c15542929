import { useEffect, useRef } from "react";
import { FormRow } from "./form-row";

/** The spec's Uzbek mask, "+998 ## ### ####". */
export const PHONE_MASK = "+{998} 00 000 0000";

/**
 * A phone field. With JavaScript it gets the Uzbek mask (imask, loaded when
 * the field is first focused, so pages do not pay for it up front); without
 * it, any spacing is fine: the server keeps digits and the plus.
 */
export function PhoneRow(props: { name: string; label: string; error?: string; ns: string; defaultValue?: string }) {
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
      if (!cancelled) mask = IMask(input, { mask: PHONE_MASK, lazy: false, placeholderChar: "_" });
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
