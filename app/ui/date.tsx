import { tashkentDay } from "~/i18n/format";
import { useI18n } from "~/i18n/use-i18n";

/** A moment's day in Tashkent in the page's language ("26 ноября 2026"), machine-readable too. */
export function DayDate({ seconds, testId }: { seconds: number; testId?: string }) {
  const { date } = useI18n();
  return (
    <time dateTime={tashkentDay(seconds).iso} data-testid={testId}>
      {date(seconds)}
    </time>
  );
}
