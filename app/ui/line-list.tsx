import { useI18n } from "~/i18n/use-i18n";

type Line = { skuId: number; brand: string; name: string; size: string; quantity: number; salePrice: number };

/** What is (or was) bought, a line each: brand, name, size × quantity — the lines' price (checkout, confirmation, an order's page). */
export function LineList({ lines, testId }: { lines: Line[]; testId: string }) {
  const { price } = useI18n();
  return (
    <ul className="checkout__lines">
      {lines.map((l) => (
        <li key={l.skuId} data-testid={testId}>
          {l.brand} {l.name}, {l.size} × {l.quantity} — {price(l.salePrice * l.quantity)}
        </li>
      ))}
    </ul>
  );
}
