import { useI18n } from "~/i18n/use-i18n";

type Line = { skuId: number; brand: string; name: string; size: string; quantity: number; salePrice: number };

/** A line's product as read: its name, after its brand unless the name already says it ("City Fox Summit …", not "City Fox City Fox Summit …"). */
export function lineTitle(brand: string, name: string): string {
  return !brand || name.toLocaleLowerCase().includes(brand.toLocaleLowerCase()) ? name : `${brand} ${name}`;
}

/** What is (or was) bought, a line each: brand and name, size × quantity — the lines' price (checkout, confirmation, an order's page). */
export function LineList({ lines, testId }: { lines: Line[]; testId: string }) {
  const { price } = useI18n();
  return (
    <ul className="checkout__lines">
      {lines.map((l) => (
        <li key={l.skuId} data-testid={testId}>
          {lineTitle(l.brand, l.name)}, {l.size} × {l.quantity} — {price(l.salePrice * l.quantity)}
        </li>
      ))}
    </ul>
  );
}
