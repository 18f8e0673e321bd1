/** What a radiology order costs, for billing to plug in: one line for its procedure. */
import type { ChargeLine } from '../lab';
import type { RadOrder } from './schemas';

export function radiologyOrderChargeLines(order: RadOrder): ChargeLine[] {
  if (order.status === 'revoked' || order.status === 'entered-in-error') return [];
  return [
    {
      source: 'radiology',
      orderId: order.id,
      patientId: order.patientId,
      code: order.procedure.code,
      codeSystem: 'local',
      description: `${order.procedure.name} (${order.accession})`,
      quantity: 1,
      unitPriceMinor: order.procedure.priceMinor,
    },
  ];
}
