import { useEffect, useState } from "react";
import { useI18n } from "~/i18n/use-i18n";
import { FormRow } from "./form-row";

/**
 * Password field (max 32 characters). The show/hide toggle appears only once
 * JavaScript runs: without it there is no dead button, just the field.
 */
export function PasswordRow(props: { name: string; label: string; autoComplete: string; minLength?: number }) {
  const { t } = useI18n();
  const [hydrated, setHydrated] = useState(false);
  const [shown, setShown] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="password">
      <FormRow {...props} type={shown ? "text" : "password"} maxLength={32} required />
      {hydrated ? (
        <button type="button" className="password__toggle" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
          {t(shown ? "forms.hidePassword" : "forms.showPassword")}
        </button>
      ) : null}
    </div>
  );
}
