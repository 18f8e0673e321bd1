import { randomUUID } from 'node:crypto';
import type { Principal } from '../../auth/principal';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../http/errors';
import { table } from '../../table/client';
import { failedConditions } from '../../table/errors';
import { queryAll, requireItem } from '../../table/items';
import { type PageRequest, queryPage } from '../../table/pagination';
import { type TransactItem, transact } from '../../table/transact';
import { getAppointmentRecord } from '../appointments/appointments';
import { findDoctor, findPatient } from '../appointments/parties';
import { apptKeys } from '../appointments/records';
import {
  assertEncounterTransition,
  type EncounterStatus,
  FINISHED_ENCOUNTER_STATUSES,
  isEncounterFinished,
} from '../opd/encounter-status';
import { LIVE_MEDICATION_STATUSES } from '../opd/medication-request-status';
import { localDayKeyRange, todayIn } from '../opd/zoned-time';
import { encounterPrescriptions, prescriptionStatusUpdate } from './prescription-status';
import {
  type Diagnosis,
  type EncounterRecord,
  encKeys,
  encounterItem,
  type PrescriptionRecord,
  publicEncounter,
  publicPrescription,
  publicVitals,
  type VitalsRecord,
} from './records';

/** Condition shared by every write that adds to an encounter: it must exist and be open. */
export const OPEN_ENCOUNTER = {
  ConditionExpression: `attribute_exists(pk) AND NOT (#status IN (${FINISHED_ENCOUNTER_STATUSES.map((_, i) => `:fin${i}`).join(', ')}))`,
  ExpressionAttributeNames: { '#status': 'status' },
  ExpressionAttributeValues: Object.fromEntries(
    FINISHED_ENCOUNTER_STATUSES.map((s, i) => [`:fin${i}`, s]),
  ),
};

export async function getEncounterRecord(tenantId: string, id: string): Promise<EncounterRecord> {
  return requireItem<EncounterRecord>(encKeys.item(tenantId, id), `Encounter ${id} not found`, {
    consistent: true,
  });
}

export async function createEncounter(
  principal: Principal,
  input: {
    appointmentId?: string;
    patientId?: string;
    doctorId?: string | undefined;
    chiefComplaint?: string | undefined;
  },
  now: Date,
) {
  const t = principal.tenantId;
  const at = now.toISOString();
  const base = {
    id: randomUUID(),
    class: 'AMB' as const,
    status: 'in-progress' as const,
    date: todayIn(principal.timezone, now),
    startedAt: at,
    diagnosis: [],
    createdBy: principal.id,
    createdAt: at,
    updatedAt: at,
    chiefComplaint: input.chiefComplaint,
  };

  if (input.appointmentId) {
    const appt = await getAppointmentRecord(t, input.appointmentId);
    if (appt.status !== 'checked-in') {
      throw new Conflict(
        `Appointment ${appt.id} is '${appt.status}'; an encounter starts from a checked-in appointment`,
        { appointmentStatus: appt.status },
      );
    }
    if (appt.encounterId)
      throw new Conflict(`Appointment ${appt.id} already has encounter ${appt.encounterId}`, {
        encounterId: appt.encounterId,
      });
    const encounter: EncounterRecord = {
      ...base,
      kind: 'appointment',
      patientId: appt.patientId,
      patientName: appt.patientName,
      mrn: appt.mrn,
      doctorId: appt.doctorId,
      doctorName: appt.doctorName,
      appointmentId: appt.id,
      chiefComplaint: input.chiefComplaint ?? appt.reason,
    };
    try {
      await transact([
        {
          Update: {
            TableName: table(),
            Key: apptKeys.item(t, appt.id),
            UpdateExpression:
              'SET queueStatus = :inc, encounterId = :enc, consultationStartedAt = :at, updatedAt = :at',
            ConditionExpression: '#status = :checkedIn AND attribute_not_exists(encounterId)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':inc': 'in-consultation',
              ':enc': encounter.id,
              ':at': at,
              ':checkedIn': 'checked-in',
            },
          },
        },
        {
          Put: {
            TableName: table(),
            Item: encounterItem(t, encounter),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ]);
    } catch (err) {
      if (failedConditions(err)?.includes(0))
        throw new Conflict(
          `Appointment ${appt.id} changed while starting the encounter; reload and try again`,
        );
      throw err;
    }
    return publicEncounter(encounter);
  }

  const doctorId =
    input.doctorId ??
    (principal.type === 'user' && principal.role === 'DOCTOR' ? principal.id : undefined);
  if (!doctorId)
    throw new BadRequest(
      'doctorId: is required for a walk-in unless a doctor starts the encounter',
    );
  const [patient, doctor] = await Promise.all([
    findPatient(t, input.patientId!),
    findDoctor(t, doctorId),
  ]);
  const encounter: EncounterRecord = {
    ...base,
    kind: 'walk-in',
    patientId: patient.id,
    patientName: patient.name,
    mrn: patient.mrn,
    doctorId: doctor.id,
    doctorName: doctor.name,
  };
  await transact([
    {
      Put: {
        TableName: table(),
        Item: encounterItem(t, encounter),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  return publicEncounter(encounter);
}

/** The encounter with its vitals and prescriptions: one Query on its partition. */
export async function getEncounter(tenantId: string, id: string) {
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': encKeys.item(tenantId, id).pk },
    ConsistentRead: true,
  });
  const main = items.find((i) => i.entity === 'Encounter') as EncounterRecord | undefined;
  if (!main) throw new NotFound(`Encounter ${id} not found`);
  return {
    ...publicEncounter(main),
    vitals: items
      .filter((i) => i.entity === 'Vitals')
      .map((i) => publicVitals(i as unknown as VitalsRecord)),
    prescriptions: items
      .filter((i) => i.entity === 'Prescription')
      .map((i) => publicPrescription(i as unknown as PrescriptionRecord)),
  };
}

export async function listEncounters(
  principal: Principal,
  query: {
    patientId?: string | undefined;
    doctorId?: string | undefined;
    date?: string | undefined;
    status?: EncounterStatus | undefined;
  } & PageRequest,
  now: Date,
) {
  const t = principal.tenantId;
  const values: Record<string, unknown> = {};
  const filters: string[] = [];
  let index: 'gsi1' | 'gsi2' | 'gsi3';
  let pk: string;
  const date =
    query.date ??
    (query.doctorId || query.patientId ? undefined : todayIn(principal.timezone, now));
  if (query.patientId) {
    index = 'gsi3';
    pk = encKeys.byPatient(t, query.patientId);
    if (query.doctorId) {
      filters.push('doctorId = :doctorId');
      values[':doctorId'] = query.doctorId;
    }
  } else if (query.doctorId) {
    index = 'gsi2';
    pk = encKeys.byDoctor(t, query.doctorId);
  } else {
    index = 'gsi1';
    pk = encKeys.byDate(t, date!);
  }
  // The doctor and patient views sort by start instant, so a local date is a key range.
  let range = '';
  if (date && index !== 'gsi1') {
    const { from, to } = localDayKeyRange(date, principal.timezone);
    range = ` AND ${index}sk BETWEEN :from AND :to`;
    (values[':from'] = from), (values[':to'] = to);
  }
  if (query.status) {
    filters.push('#status = :status');
    values[':status'] = query.status;
  }
  values[':pk'] = pk;
  const names: Record<string, string> = {};
  if (query.status) names['#status'] = 'status';
  return queryPage(
    {
      IndexName: index,
      KeyConditionExpression: `${index}pk = :pk${range}`,
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
    },
    { attr: `${index}pk`, value: pk },
    query,
    (item) => publicEncounter(item as unknown as EncounterRecord),
  );
}

/**
 * What ending the encounter does to its appointment and queue entry, in the same transaction:
 * - completed: the appointment is fulfilled and the queue entry done;
 * - discontinued (the consultation began but could not be finished): the appointment still took
 *   place, so it is fulfilled, with the reason in its history, and the patient has left the queue;
 * - entered in error, or cancelled before it began: the encounter should not exist, so the
 *   appointment goes back to waiting in the queue, ready for a new encounter.
 */
function appointmentUpdateOnFinish(
  t: string,
  encounter: EncounterRecord,
  to: EncounterStatus,
  reason: string | undefined,
  principal: Principal,
  at: string,
): TransactItem {
  const key = apptKeys.item(t, encounter.appointmentId!);
  const condition = {
    ConditionExpression: '#status = :checkedIn AND encounterId = :enc',
    ExpressionAttributeNames: { '#status': 'status' },
  };
  const common = { ':at': at, ':checkedIn': 'checked-in', ':enc': encounter.id };
  if (to === 'completed' || to === 'discontinued') {
    const note =
      to === 'completed'
        ? `encounter ${encounter.id} completed`
        : `encounter ${encounter.id} discontinued: ${reason}`;
    return {
      Update: {
        TableName: table(),
        Key: key,
        UpdateExpression:
          'SET #status = :fulfilled, queueStatus = :queue, updatedAt = :at, history = list_append(history, :change)',
        ...condition,
        ExpressionAttributeValues: {
          ...common,
          ':fulfilled': 'fulfilled',
          ':queue': to === 'completed' ? 'done' : 'left',
          ':change': [{ status: 'fulfilled', at, by: principal.id, reason: note }],
        },
      },
    };
  }
  return {
    Update: {
      TableName: table(),
      Key: key,
      UpdateExpression:
        'SET queueStatus = :waiting, updatedAt = :at REMOVE encounterId, consultationStartedAt',
      ...condition,
      ExpressionAttributeValues: { ...common, ':waiting': 'waiting' },
    },
  };
}

/**
 * Notes, diagnosis, the SpO2 scale and status, in one conditional write. Ending the encounter
 * also updates its appointment and queue entry (see appointmentUpdateOnFinish) and, when it was
 * entered in error, withdraws its live prescriptions, all in the same transaction.
 */
export async function updateEncounter(
  principal: Principal,
  id: string,
  patch: {
    chiefComplaint?: string | undefined;
    diagnosis?: Diagnosis[] | undefined;
    notes?: string | undefined;
    status?: EncounterStatus | undefined;
    statusReason?: string | undefined;
    spo2Scale?: 1 | 2 | undefined;
    spo2ScaleReason?: string | undefined;
  },
  now: Date,
) {
  const t = principal.tenantId;
  // RCP NEWS2: Scale 2 is a competent clinical decision-maker's call. Administrators pass every
  // route and keys act for integrations, so the route's access rule alone is not enough here.
  if (
    patch.spo2Scale !== undefined &&
    !(principal.type === 'user' && principal.role === 'DOCTOR')
  ) {
    throw new Forbidden('Only a doctor may set the NEWS2 SpO2 scale (RCP: a clinical decision)');
  }
  const current = await getEncounterRecord(t, id);
  const changesStatus = patch.status !== undefined && patch.status !== current.status;
  if (changesStatus) assertEncounterTransition(current.status, patch.status!, patch.statusReason);
  else if (isEncounterFinished(current.status))
    throw new Conflict(
      `Encounter ${id} is finished (status '${current.status}'); it can no longer be changed`,
    );

  const at = now.toISOString();
  const sets = ['updatedAt = :at'];
  const removes: string[] = [];
  const values: Record<string, unknown> = { ':at': at, ':from': current.status };
  const names: Record<string, string> = { '#status': 'status' };
  if (patch.chiefComplaint !== undefined) {
    sets.push('chiefComplaint = :cc');
    values[':cc'] = patch.chiefComplaint;
  }
  if (patch.diagnosis !== undefined) {
    sets.push('diagnosis = :dx');
    values[':dx'] = patch.diagnosis;
  }
  if (patch.notes !== undefined) {
    sets.push('notes = :notes');
    values[':notes'] = patch.notes;
  }
  if (patch.spo2Scale === 2)
    sets.push('spo2Scale2 = :s2'),
      (values[':s2'] = { reason: patch.spo2ScaleReason, decidedBy: principal.id, decidedAt: at });
  if (patch.spo2Scale === 1) removes.push('spo2Scale2');
  const finishing = changesStatus && isEncounterFinished(patch.status!);
  if (changesStatus) {
    sets.push('#status = :to');
    values[':to'] = patch.status;
  }
  if (changesStatus && patch.statusReason) {
    sets.push('statusReason = :why');
    values[':why'] = patch.statusReason;
  }
  if (finishing) sets.push('endedAt = :at');

  const items: TransactItem[] = [
    {
      Update: {
        TableName: table(),
        Key: encKeys.item(t, id),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  ];
  if (finishing && current.appointmentId)
    items.push(
      appointmentUpdateOnFinish(t, current, patch.status!, patch.statusReason, principal, at),
    );
  if (patch.status === 'entered-in-error') {
    const live = (await encounterPrescriptions(t, id)).filter((rx) =>
      LIVE_MEDICATION_STATUSES.includes(rx.status),
    );
    // A transaction holds at most 100 items; an encounter with more live prescriptions than that is not a real consultation.
    if (live.length > 90)
      throw new Conflict(
        `Encounter ${id} has ${live.length} live prescriptions; cancel them before marking it entered in error`,
      );
    const change = {
      status: 'entered-in-error' as const,
      statusReason: `encounter entered in error: ${patch.statusReason}`,
      statusChangedAt: at,
      statusChangedBy: principal.id,
    };
    items.push(...live.map((rx) => prescriptionStatusUpdate(rx, change)));
  }
  try {
    await transact(items);
  } catch (err) {
    const failed = failedConditions(err);
    if (failed?.length)
      throw new Conflict(
        `Encounter ${id} or its appointment or prescriptions changed while updating it; reload and try again`,
      );
    throw err;
  }
  return getEncounter(t, id);
}
