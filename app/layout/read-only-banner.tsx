import { useI18n } from "~/i18n/use-i18n";

/** MAINTENANCE=read-only: why a form will not go through, said before the shopper fills one in. */
export function ReadOnlyBanner() {
  const { t } = useI18n();
  return (
    <p className="notice-banner" role="status" data-testid="read-only-banner">
      {t("maintenance:banner")}
    </p>
  );
}
