/** What is recorded on an open encounter: vitals readings and prescriptions, and prescription status changes. */

import { randomUUID } from 'node:crypto';
import { assertMedicationRequestTransition } from '../../clinical/medication-request-status';
import {
  type MedicationRequestStatus,
  NEW_PRESCRIPTION_STATUS,
  type PrescriptionInput,
} from '../../clinical/prescribing';
import { ageInMonths, ageInYears, assessReading, type VitalsInput } from '../../clinical/vitals';
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { Conflict, NotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { view } from '../../kernel/records';
import { conditionFailed } from '../../kernel/store/conditions';
import { named } from '../../kernel/store/store';
import { updateItem } from '../../kernel/store/update';
import { todayIn } from '../../kernel/time/zoned-time';
import { findPatient } from '../patients';
import { checkPrescribable } from './rules';
import { Prescription, Vitals } from './schemas';
import { requireEncounter } from './service';
import { isEncounterFinished } from './status';
import {
  encounterKeys,
  encounterPrescriptions,
  OPEN_ENCOUNTER,
  PrescriptionRecord as PrescriptionDef,
  type PrescriptionRecord,
  type PrescriptionStatusChange,
  prescriptionStatusUpdate,
  VitalsRecord,
} from './store';

function finishedConflict(id: string, status: string) {
  return new Conflict(
    `Encounter ${id} is finished (status '${status}'); nothing more can be recorded on it`,
    { encounterStatus: status },
  );
}

async function requirePatient(ctx: Context, id: string) {
  const patient = await findPatient(ctx.store, id);
  if (!patient) throw new NotFound(`Patient ${id} not found`);
  return patient;
}

/**
 * Appends a reading (never overwrites one) and keeps the latest NEWS2 on the encounter. What the
 * reading is scored against comes from the records, not the reading: the patient's age on the
 * hospital's date (NEWS2 from 16, adult BMI categories from 18) and the SpO2 scale a doctor
 * recorded on the encounter (Scale 2 only with that documented decision; RCP NEWS2 2017).
 */
export async function recordVitals(ctx: Context, input: VitalsInput & { id: string }) {
  const { store } = ctx;
  const { id: encounterId, ...values } = input;
  const encounter = await requireEncounter(ctx, encounterId);
  if (isEncounterFinished(encounter.status)) throw finishedConflict(encounterId, encounter.status);
  const patient = await requirePatient(ctx, encounter.patientId);
  const recordedAt = ctx.now.toISOString();
  // Present exactly when the attribute exists, matching the attribute_exists condition below.
  const onScale2 = encounter.spo2Scale2 !== undefined;
  const today = todayIn(ctx.tenant.timeZone, ctx.now);
  const assessment = assessReading(values, {
    ageYears: ageInYears(patient.dateOfBirth, today),
    ageMonths: ageInMonths(patient.dateOfBirth, today),
    spo2Scale: onScale2 ? 2 : 1,
  });
  const reading: VitalsRecord = {
    id: randomUUID(),
    encounterId,
    recordedAt,
    recordedBy: actorId(ctx.actor),
    values,
    ...assessment,
  };
  const keys = encounterKeys(store);
  try {
    await store.transact([
      {
        Put: { Item: VitalsRecord.item(reading, keys.vitals(encounterId, recordedAt, reading.id)) },
      },
      {
        name: 'encounter',
        Update: updateItem(
          keys.encounter(encounterId),
          {
            set: {
              latestNews2: {
                score: assessment.news2?.score ?? null,
                risk: assessment.news2?.risk ?? null,
                recordedAt,
              },
              updatedAt: recordedAt,
            },
          },
          // The scale the reading was scored on must still be the encounter's when it is saved.
          {
            ...OPEN_ENCOUNTER,
            expression: `${OPEN_ENCOUNTER.expression} AND ${onScale2 ? 'attribute_exists' : 'attribute_not_exists'}(spo2Scale2)`,
          },
        ),
      },
    ]);
  } catch (err) {
    if (conditionFailed(err, 'encounter')) {
      const latest = await requireEncounter(ctx, encounterId);
      if (isEncounterFinished(latest.status)) throw finishedConflict(encounterId, latest.status);
      throw new Conflict(
        `The SpO2 scale of encounter ${encounterId} changed while this reading was being saved; send the reading again`,
      );
    }
    throw err;
  }
  return view(Vitals, reading);
}

/**
 * Adds a MedicationRequest. The drug is matched to the catalogue for its code (a code that
 * contradicts the name is 400), checked against the patient's recorded allergies, directly and
 * for cross-sensitivity (409 unless an override reason is given, which is stored), and the
 * encounter must still be open when the write lands.
 */
export async function addPrescription(
  ctx: Context,
  input: PrescriptionInput & { id: string; cdsOverrideReason?: string | undefined },
) {
  const { store } = ctx;
  const encounterId = input.id;
  const encounter = await requireEncounter(ctx, encounterId);
  const patient = await requirePatient(ctx, encounter.patientId);
  const check = checkPrescribable({
    encounterStatus: encounter.status,
    encounterId,
    allergies: patient.allergies ?? [],
    drug: { name: input.drugName, code: input.drugCode ?? null },
    overrideReason: input.allergyOverrideReason ?? null,
  });
  // The decision-support cards of this order; a critical one stops it without a reason.
  // Loaded on demand: the rules are not part of every encounters cold start (bundle budget).
  const { cards, override } = await (await import('./order-cards')).orderStop(
    ctx,
    patient,
    encounterId,
    input,
  );
  const authoredOn = ctx.now.toISOString();
  const rx: PrescriptionRecord = {
    // Derived from the action's id when an approved agent action runs this (kernel/ids.ts).
    id: newId(ctx),
    encounterId,
    patientId: encounter.patientId,
    status: NEW_PRESCRIPTION_STATUS,
    intent: 'order',
    drugName: input.drugName,
    ...(check.drugCode ? { drugCode: check.drugCode } : {}),
    strength: input.strength,
    ...(input.form ? { form: input.form } : {}),
    dose: input.dose,
    route: input.route,
    frequency: input.frequency,
    durationDays: input.durationDays,
    quantity: input.quantity,
    ...(input.instructions ? { instructions: input.instructions } : {}),
    allergyConflicts: check.allergyConflicts,
    ...(check.overrideReason ? { allergyOverrideReason: check.overrideReason } : {}),
    ...override,
    prescriberId: actorId(ctx.actor),
    authoredOn,
  };
  const keys = encounterKeys(store);
  try {
    await store.transact([
      {
        name: 'open-encounter',
        ConditionCheck: {
          Key: keys.encounter(encounterId),
          ConditionExpression: OPEN_ENCOUNTER.expression,
          ExpressionAttributeNames: OPEN_ENCOUNTER.names,
          ExpressionAttributeValues: OPEN_ENCOUNTER.values,
        },
      },
      {
        Put: { Item: PrescriptionDef.item(rx, keys.prescription(encounterId, authoredOn, rx.id)) },
      },
    ]);
  } catch (err) {
    if (conditionFailed(err, 'open-encounter'))
      throw finishedConflict(encounterId, (await requireEncounter(ctx, encounterId)).status);
    throw err;
  }
  return { ...view(Prescription, rx), cards };
}

/** Moves a prescription along the MedicationRequest table; allowed after the encounter has ended. */
export async function changePrescriptionStatus(
  ctx: Context,
  input: {
    id: string;
    prescriptionId: string;
    status: MedicationRequestStatus;
    reason?: string | undefined;
  },
) {
  const rx = (await encounterPrescriptions(ctx.store, input.id)).find(
    (p) => p.id === input.prescriptionId,
  );
  if (!rx)
    throw new NotFound(`Prescription ${input.prescriptionId} not found on encounter ${input.id}`);
  assertMedicationRequestTransition(rx.status, input.status, input.reason);
  const change: PrescriptionStatusChange = {
    status: input.status,
    statusChangedAt: ctx.now.toISOString(),
    statusChangedBy: actorId(ctx.actor),
    ...(input.reason ? { statusReason: input.reason } : {}),
  };
  try {
    await ctx.store.transact([
      named('prescription', prescriptionStatusUpdate(ctx.store, rx, change)),
    ]);
  } catch (err) {
    if (conditionFailed(err, 'prescription'))
      throw new Conflict(
        `Prescription ${input.prescriptionId} changed while updating it; reload and try again`,
      );
    throw err;
  }
  const { statusReason: _previousReason, ...rest } = rx;
  return view(Prescription, { ...rest, ...change });
}
