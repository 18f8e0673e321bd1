import type { Principal } from '../../auth/principal';
import { Conflict, NotFound } from '../../http/errors';
import { table } from '../../table/client';
import { failedConditions } from '../../table/errors';
import { queryAll } from '../../table/items';
import { transact } from '../../table/transact';
import { assertMedicationRequestTransition } from '../opd/medication-request-status';
import type { MedicationRequestStatus } from '../opd/prescription';
import { encKeys, publicPrescription, type PrescriptionRecord } from './records';

type StoredPrescription = PrescriptionRecord & { pk: string; sk: string; entity: string };

/** A prescription lives in its encounter's partition: one Query on that partition's RX# range. */
async function findPrescription(tenantId: string, encounterId: string, prescriptionId: string): Promise<StoredPrescription> {
  const items = await queryAll<StoredPrescription>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :rx)',
    FilterExpression: 'id = :id',
    ExpressionAttributeValues: { ':pk': encKeys.item(tenantId, encounterId).pk, ':rx': 'RX#', ':id': prescriptionId },
    ConsistentRead: true,
  });
  const rx = items.find((i) => i.entity === 'Prescription');
  if (!rx) throw new NotFound(`Prescription ${prescriptionId} not found on encounter ${encounterId}`);
  return rx;
}

/**
 * Moves a prescription along the MedicationRequest table. The write is conditional on the status
 * read, so two clinicians changing it at once cannot both win.
 */
export async function changePrescriptionStatus(
  principal: Principal,
  encounterId: string,
  prescriptionId: string,
  input: { status: MedicationRequestStatus; reason?: string | undefined },
  now: Date,
) {
  const rx = await findPrescription(principal.tenantId, encounterId, prescriptionId);
  assertMedicationRequestTransition(rx.status, input.status, input.reason);
  const at = now.toISOString();
  const change = { status: input.status, statusChangedAt: at, statusChangedBy: principal.id, ...(input.reason ? { statusReason: input.reason } : {}) };
  try {
    await transact([
      {
        Update: {
          TableName: table(),
          Key: { pk: rx.pk, sk: rx.sk },
          UpdateExpression: `SET ${Object.keys(change).map((k) => `#${k} = :${k}`).join(', ')}`,
          ConditionExpression: '#status = :from',
          ExpressionAttributeNames: Object.fromEntries(Object.keys(change).map((k) => [`#${k}`, k])),
          ExpressionAttributeValues: { ...Object.fromEntries(Object.entries(change).map(([k, v]) => [`:${k}`, v])), ':from': rx.status },
        },
      },
    ]);
  } catch (err) {
    if (failedConditions(err)?.includes(0)) throw new Conflict(`Prescription ${prescriptionId} changed while updating it; reload and try again`);
    throw err;
  }
  const { statusReason: _previousReason, ...rest } = rx;
  return publicPrescription({ ...rest, ...change });
}
