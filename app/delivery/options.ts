/** A delivery type as offered for a city; amounts in integer UZS. */
export type DeliveryOption = {
  id: number;
  uuid: string;
  type: string;
  title: string;
  /** Notes shown as tooltips beside the type (`info[]` in the JSON). */
  info: string[];
  needPayment: boolean;
  /** Whether the type has its receipt codes (MXIK/IKPU, package): a paid delivery without them cannot be paid online. */
  receiptReady: boolean;
  price: number;
  freeFrom: number;
  estimated: string;
};

/** The cost matrix lookup: the city's own row, else `another_city`, else not offered. */
export function costFor<T extends { cityMapId: string }>(rows: T[], cityId: number): T | null {
  return rows.find((r) => r.cityMapId === String(cityId)) ?? rows.find((r) => r.cityMapId === "another_city") ?? null;
}
