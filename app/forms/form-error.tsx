import { useI18n } from "~/i18n/use-i18n";

/** A form-wide error (wrong credentials, too many attempts, a spent link) above the fields. */
export function FormError({ error, ns }: { error?: string; ns: string }) {
  const { t } = useI18n();
  if (!error) return null;
  return (
    <p className="alert alert--error" role="alert" data-testid="form-error">
      {t(`${ns}:${error}`)}
    </p>
  );
}
