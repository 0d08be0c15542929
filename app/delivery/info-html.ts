import { escapeHtml } from "~/ui/html";
import type { DeliveryTypeInfo } from "./delivery.server";

/** The delivery info's body: each enabled type with its notes (the popup's content and the page's). */
export function deliveryInfoHtml(types: DeliveryTypeInfo[], lead: string): string {
  const items = types.map((d) => {
    const notes = d.info.length ? `<ul>${d.info.map((n) => `<li>${escapeHtml(n)}</li>`).join("")}</ul>` : "";
    return `<li class="delivery-info__type" data-testid="delivery-info-type" data-icon="${escapeHtml(d.icon)}"><strong>${escapeHtml(d.title)}</strong>${notes}</li>`;
  });
  return `<p>${escapeHtml(lead)}</p><ul class="delivery-info__types">${items.join("")}</ul>`;
}
