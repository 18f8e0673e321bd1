/**
 * What a lab order costs, for billing to turn into charges when it merges: one line per test or
 * panel as ordered, at the price the catalogue had when the order was placed. Pure: billing
 * decides when to charge (e.g. on collection) and how to post the lines.
 */
import type { LabOrder } from './schemas';

export interface ChargeLine {
  /** `lab` or `radiology`: which catalogue the code belongs to. */
  source: 'lab' | 'radiology';
  orderId: string;
  patientId: string;
  code: string;
  codeSystem: string;
  description: string;
  quantity: number;
  /** Price in the hospital currency's minor units (paise, cents). */
  unitPriceMinor: number;
}

/** Nothing is charged for an order that was revoked or entered in error. */
export function labOrderChargeLines(order: LabOrder): ChargeLine[] {
  if (order.status === 'revoked' || order.status === 'entered-in-error') return [];
  return order.items.map((item) => ({
    source: 'lab',
    orderId: order.id,
    patientId: order.patientId,
    code: item.code,
    codeSystem: item.codeSystem,
    description: item.kind === 'panel' ? `${item.name} (panel)` : item.name,
    quantity: 1,
    unitPriceMinor: item.priceMinor,
  }));
}
