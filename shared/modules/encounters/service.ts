import { randomUUID } from 'node:crypto';
import { LIVE_MEDICATION_STATUSES } from '../../clinical/medication-request-status';
import { actingRole, actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { Conflict, NotFound } from '../../kernel/errors';
import type { PageRequest } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import { conditionFailed, failedConditionNames } from '../../kernel/store/conditions';
import { datedListQuery } from '../../kernel/store/dated-lists';
import { named, type TxItem } from '../../kernel/store/store';
import { updateItem } from '../../kernel/store/update';
import { todayIn } from '../../kernel/time/zoned-time';
import { invalidField } from '../../kernel/validation';
import { findAppointment, finishConsultation, startConsultation } from '../appointments';
import { consultationChargeWrite } from '../billing';
import { findDoctor } from '../doctors';
import { findPatient } from '../patients';
import { type Diagnosis, Encounter, Prescription, Vitals } from './schemas';
import { assertEncounterTransition, type EncounterStatus, isEncounterFinished } from './status';
import {
  EncounterRecord,
  encounterItem,
  encounterKeys,
  encounterPartition,
  encounterPrescriptions,
  findEncounter,
  prescriptionStatusUpdate,
} from './store';

/** The answer for a stored encounter: its SpO2 scale is read from the recorded decision. */
export function encounterAnswer(e: EncounterRecord): Encounter {
  return { ...view(Encounter, e), spo2Scale: e.spo2Scale2 ? 2 : 1 };
}

export async function requireEncounter(ctx: Context, id: string): Promise<EncounterRecord> {
  const encounter = await findEncounter(ctx.store, id);
  if (!encounter) throw new NotFound(`Encounter ${id} not found`);
  return encounter;
}

export async function createEncounter(
  ctx: Context,
  input: {
    appointmentId?: string;
    patientId?: string;
    doctorId?: string | undefined;
    chiefComplaint?: string | undefined;
  },
) {
  const { store } = ctx;
  const at = ctx.now.toISOString();
  const base = {
    id: randomUUID(),
    class: 'AMB' as const,
    status: 'in-progress' as const,
    date: todayIn(ctx.tenant.timeZone, ctx.now),
    startedAt: at,
    diagnosis: [],
    createdBy: actorId(ctx.actor),
    createdAt: at,
    updatedAt: at,
    chiefComplaint: input.chiefComplaint,
  };

  if (input.appointmentId) {
    const appt = await findAppointment(store, input.appointmentId);
    if (!appt) throw new NotFound(`Appointment ${input.appointmentId} not found`);
    if (appt.status !== 'checked-in') {
      throw new Conflict(
        `Appointment ${appt.id} is '${appt.status}'; an encounter starts from a checked-in appointment`,
        {
          appointmentStatus: appt.status,
        },
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
      await store.transact([
        named('appointment', startConsultation(store, appt.id, encounter.id, at)),
        {
          Put: {
            Item: encounterItem(store, encounter),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ]);
    } catch (err) {
      if (conditionFailed(err, 'appointment'))
        throw new Conflict(
          `Appointment ${appt.id} changed while starting the encounter; reload and try again`,
        );
      throw err;
    }
    return encounterAnswer(encounter);
  }

  // A doctor starting a walk-in is its doctor unless another is named.
  const doctorId =
    input.doctorId ?? (actingRole(ctx.actor) === 'DOCTOR' ? actorId(ctx.actor) : undefined);
  if (!doctorId)
    throw invalidField(
      'doctorId',
      'is required for a walk-in unless a doctor starts the encounter',
    );
  const [patient, doctor] = await Promise.all([
    findPatient(store, input.patientId!),
    findDoctor(store, doctorId),
  ]);
  if (!patient) throw new NotFound(`Patient ${input.patientId} not found`);
  if (!doctor) throw new NotFound(`Doctor ${doctorId} not found`);
  const encounter: EncounterRecord = {
    ...base,
    kind: 'walk-in',
    patientId: patient.id,
    patientName: patient.name,
    mrn: patient.mrn,
    doctorId: doctor.id,
    doctorName: doctor.name,
  };
  await store.transact([
    {
      Put: {
        Item: encounterItem(store, encounter),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  return encounterAnswer(encounter);
}

/** The encounter with its vitals and prescriptions: one Query on its partition. */
export async function getEncounter(ctx: Context, input: { id: string }) {
  const { encounter, vitals, prescriptions } = await encounterPartition(ctx.store, input.id);
  if (!encounter) throw new NotFound(`Encounter ${input.id} not found`);
  return {
    ...encounterAnswer(encounter),
    vitals: vitals.map((v) => view(Vitals, v)),
    prescriptions: prescriptions.map((p) => view(Prescription, p)),
  };
}

/** Newest first, by patient first, then doctor, then date (today when nothing is given): see datedListQuery. */
export function listEncounters(
  ctx: Context,
  query: PageRequest & {
    patientId?: string | undefined;
    doctorId?: string | undefined;
    date?: string | undefined;
    status?: EncounterStatus | undefined;
  },
) {
  const spec = datedListQuery(encounterKeys(ctx.store), query, {
    timeZone: ctx.tenant.timeZone,
    now: ctx.now,
    partyFirst: 'patient',
    newestFirst: true,
  });
  return ctx.store.queryPage(spec, query, (item) => encounterAnswer(EncounterRecord.read(item)));
}

type Ending = 'completed' | 'discontinued' | 'voided';
/** How an encounter's ending reads for its appointment (see appointments' finishConsultation). */
const ENDING: Partial<Record<EncounterStatus, Ending>> = {
  completed: 'completed',
  discontinued: 'discontinued',
  'entered-in-error': 'voided',
  cancelled: 'voided',
};

/**
 * Notes, diagnosis, the SpO2 scale and status, in one conditional write. Ending the encounter
 * also updates its appointment and queue entry (appointments' finishConsultation) and, when it
 * was entered in error, withdraws its live prescriptions, all in the same transaction.
 */
export async function updateEncounter(
  ctx: Context,
  patch: {
    id: string;
    chiefComplaint?: string | undefined;
    diagnosis?: Diagnosis[] | undefined;
    notes?: string | undefined;
    status?: EncounterStatus | undefined;
    statusReason?: string | undefined;
    spo2Scale?: 1 | 2 | undefined;
    spo2ScaleReason?: string | undefined;
  },
) {
  const { store } = ctx;
  const { id } = patch;
  // Who may set the SpO2 scale is a decision of encounters.update (operations.ts), checked before.
  const current = await requireEncounter(ctx, id);
  const changesStatus = patch.status !== undefined && patch.status !== current.status;
  if (changesStatus) assertEncounterTransition(current.status, patch.status!, patch.statusReason);
  else if (isEncounterFinished(current.status)) {
    throw new Conflict(
      `Encounter ${id} is finished (status '${current.status}'); it can no longer be changed`,
    );
  }

  const at = ctx.now.toISOString();
  const by = actorId(ctx.actor);
  const finishing = changesStatus && isEncounterFinished(patch.status!);
  const items: TxItem[] = [
    {
      Update: updateItem(
        encounterKeys(store).encounter(id),
        {
          set: {
            updatedAt: at,
            chiefComplaint: patch.chiefComplaint,
            diagnosis: patch.diagnosis,
            notes: patch.notes,
            spo2Scale2:
              patch.spo2Scale === 2
                ? { reason: patch.spo2ScaleReason, decidedBy: by, decidedAt: at }
                : undefined,
            status: changesStatus ? patch.status : undefined,
            statusReason: changesStatus ? patch.statusReason : undefined,
            endedAt: finishing ? at : undefined,
          },
          ...(patch.spo2Scale === 1 ? { remove: ['spo2Scale2'] } : {}),
        },
        {
          expression: '#status = :from',
          names: { '#status': 'status' },
          values: { ':from': current.status },
        },
      ),
    },
  ];
  const ending = finishing ? (ENDING[patch.status!] ?? 'voided') : undefined;
  if (ending && current.appointmentId) {
    items.push(
      finishConsultation(store, {
        appointmentId: current.appointmentId,
        encounterId: id,
        ending,
        reason: patch.statusReason,
        by,
        at,
      }),
    );
  }
  // A consultation that took place (the appointment is fulfilled) charges the doctor's fee, once.
  if (ending === 'completed' || ending === 'discontinued')
    items.push(await consultationChargeWrite(store, current, at, by));
  if (patch.status === 'entered-in-error') {
    const live = (await encounterPrescriptions(store, id)).filter((rx) =>
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
      statusChangedBy: by,
    };
    items.push(...live.map((rx) => prescriptionStatusUpdate(store, rx, change)));
  }
  try {
    await store.transact(items);
  } catch (err) {
    if (failedConditionNames(err)?.length)
      throw new Conflict(
        `Encounter ${id} or its appointment or prescriptions changed while updating it; reload and try again`,
      );
    throw err;
  }
  return getEncounter(ctx, { id });
}
