import { useField, useFormMetadata } from "@conform-to/react";
import { useI18n } from "~/i18n/use-i18n";

function Alert({ error }: { error: string | undefined }) {
  const { t } = useI18n();
  if (!error) return null;
  return (
    <p className="alert alert--error" role="alert" data-testid="form-error">
      {t(error)}
    </p>
  );
}

function FieldAlert({ name }: { name: string }) {
  const [field] = useField<string>(name);
  return <Alert error={field.errors?.[0]} />;
}

function FormAlert() {
  return <Alert error={useFormMetadata().errors?.[0]} />;
}

/**
 * A form-wide error (wrong credentials, too many attempts, a spent link) above
 * the fields of the surrounding ConformForm; with `name`, the error of a field
 * the form does not show as a row (a hidden phone).
 */
export function FormError({ name }: { name?: string }) {
  return name ? <FieldAlert name={name} /> : <FormAlert />;
}
