/**
 * What a lab order costs: one line per test or panel as ordered, at the price the catalogue had
 * when the order was placed; and the billing writes that charge them.
 */

import type { OrderSource } from '../../clinical/order-source';
import type { Store, TxItem } from '../../kernel/store/store';
import { chargeWrites } from '../billing';
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

/**
 * The billing writes of a finished order's lines, appended to the transaction that finishes it
 * (lab: the verified report; radiology: the completed procedure), so a study is charged when it
 * was done and exactly once (each line's charge id derives from the order and its position). An
 * order from an admission is charged to that admission's bill.
 */
export function orderChargeWrites(
  store: Store,
  order: { id: string; patientName: string; mrn: string; source: OrderSource },
  lines: readonly ChargeLine[],
  at: string,
  by: string,
): Promise<TxItem[]> {
  return chargeWrites(
    store,
    lines.map((line, i) => ({
      source: { type: `${line.source}-order`, id: `${order.id}-${i + 1}` },
      patientId: line.patientId,
      patientName: order.patientName,
      mrn: order.mrn,
      admissionId: order.source.kind === 'admission' ? order.source.id : undefined,
      serviceType: line.source === 'lab' ? 'laboratory' : 'radiology',
      code: line.code,
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPriceMinor,
      occurredAt: at,
      by,
    })),
  );
}
