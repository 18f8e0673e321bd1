import type { Principal } from '../../auth/principal';
import { Conflict, NotFound } from '../../http/errors';
import { table } from '../../table/client';
import { failedConditions } from '../../table/errors';
import { queryAll } from '../../table/items';
import { type TransactItem, transact } from '../../table/transact';
import { assertMedicationRequestTransition } from '../opd/medication-request-status';
import type { MedicationRequestStatus } from '../opd/prescription';
import { encKeys, type PrescriptionRecord, publicPrescription } from './records';

export type StoredPrescription = PrescriptionRecord & { pk: string; sk: string; entity: string };

/** Every prescription of an encounter: one Query on the `RX#` range of its partition. */
export async function encounterPrescriptions(
  tenantId: string,
  encounterId: string,
): Promise<StoredPrescription[]> {
  const items = await queryAll<StoredPrescription>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :rx)',
    ExpressionAttributeValues: { ':pk': encKeys.item(tenantId, encounterId).pk, ':rx': 'RX#' },
    ConsistentRead: true,
  });
  return items.filter((i) => i.entity === 'Prescription');
}

export interface PrescriptionStatusChange {
  status: MedicationRequestStatus;
  statusChangedAt: string;
  statusChangedBy: string;
  statusReason?: string;
}

/**
 * The write of one status change, conditional on the status it was decided from, so two changes
 * cannot both win. A change without a reason removes the previous one, so a stored reason always
 * explains the current status.
 */
export function prescriptionStatusUpdate(
  rx: StoredPrescription,
  change: PrescriptionStatusChange,
): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: { pk: rx.pk, sk: rx.sk },
      UpdateExpression: `SET #status = :to, statusChangedAt = :at, statusChangedBy = :by${change.statusReason ? ', statusReason = :why' : ' REMOVE statusReason'}`,
      ConditionExpression: '#status = :from',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':to': change.status,
        ':at': change.statusChangedAt,
        ':by': change.statusChangedBy,
        ':from': rx.status,
        ...(change.statusReason ? { ':why': change.statusReason } : {}),
      },
    },
  };
}

/** Moves a prescription along the MedicationRequest table. */
export async function changePrescriptionStatus(
  principal: Principal,
  encounterId: string,
  prescriptionId: string,
  input: { status: MedicationRequestStatus; reason?: string | undefined },
  now: Date,
) {
  const rx = (await encounterPrescriptions(principal.tenantId, encounterId)).find(
    (p) => p.id === prescriptionId,
  );
  if (!rx)
    throw new NotFound(`Prescription ${prescriptionId} not found on encounter ${encounterId}`);
  assertMedicationRequestTransition(rx.status, input.status, input.reason);
  const change: PrescriptionStatusChange = {
    status: input.status,
    statusChangedAt: now.toISOString(),
    statusChangedBy: principal.id,
    ...(input.reason ? { statusReason: input.reason } : {}),
  };
  try {
    await transact([prescriptionStatusUpdate(rx, change)]);
  } catch (err) {
    if (failedConditions(err)?.includes(0))
      throw new Conflict(
        `Prescription ${prescriptionId} changed while updating it; reload and try again`,
      );
    throw err;
  }
  const { statusReason: _previousReason, ...rest } = rx;
  return publicPrescription({ ...rest, ...change });
}
