import { randomUUID } from 'node:crypto';
import type { Principal } from '../../auth/principal';
import { Conflict } from '../../http/errors';
import { table } from '../../table/client';
import { failedConditions } from '../../table/errors';
import { transact } from '../../table/transact';
import { findPatient } from '../appointments/parties';
import { isEncounterFinished } from '../opd/encounter-status';
import {
  checkPrescribable,
  NEW_PRESCRIPTION_STATUS,
  type PrescriptionInput,
} from '../opd/prescription';
import { ageInYears, assessReading, type VitalsInput } from '../opd/vitals';
import { todayIn } from '../opd/zoned-time';
import { getEncounterRecord, OPEN_ENCOUNTER } from './encounters';
import {
  encKeys,
  type PrescriptionRecord,
  publicPrescription,
  publicVitals,
  type VitalsRecord,
} from './records';

function finishedConflict(id: string, status: string) {
  return new Conflict(
    `Encounter ${id} is finished (status '${status}'); nothing more can be recorded on it`,
    { encounterStatus: status },
  );
}

/**
 * Appends a reading (never overwrites one) and keeps the latest NEWS2 on the encounter. What the
 * reading is scored against comes from the records, not the reading: the patient's age on the
 * hospital's date (NEWS2 from 16, adult BMI categories from 18) and the SpO2 scale a doctor
 * recorded on the encounter (Scale 2 only with that documented decision; RCP NEWS2 2017).
 */
export async function recordVitals(
  principal: Principal,
  encounterId: string,
  input: VitalsInput,
  now: Date,
) {
  const t = principal.tenantId;
  const encounter = await getEncounterRecord(t, encounterId);
  if (isEncounterFinished(encounter.status)) throw finishedConflict(encounterId, encounter.status);
  const patient = await findPatient(t, encounter.patientId);
  const recordedAt = now.toISOString();
  // Present exactly when the attribute exists, matching the attribute_exists condition below.
  const onScale2 = encounter.spo2Scale2 !== undefined;
  const assessment = assessReading(input, {
    ageYears: ageInYears(patient.dateOfBirth, todayIn(principal.timezone, now)),
    spo2Scale: onScale2 ? 2 : 1,
  });
  const reading: VitalsRecord = {
    id: randomUUID(),
    encounterId,
    recordedAt,
    recordedBy: principal.id,
    values: { ...input },
    ...assessment,
  };
  try {
    await transact([
      {
        Put: {
          TableName: table(),
          Item: {
            ...encKeys.vitals(t, encounterId, recordedAt, reading.id),
            entity: 'Vitals',
            ...reading,
          },
        },
      },
      {
        Update: {
          TableName: table(),
          Key: encKeys.item(t, encounterId),
          UpdateExpression: 'SET latestNews2 = :n, updatedAt = :at',
          ...OPEN_ENCOUNTER,
          // The scale the reading was scored on must still be the encounter's when it is saved.
          ConditionExpression: `${OPEN_ENCOUNTER.ConditionExpression} AND ${onScale2 ? 'attribute_exists' : 'attribute_not_exists'}(spo2Scale2)`,
          ExpressionAttributeValues: {
            ...OPEN_ENCOUNTER.ExpressionAttributeValues,
            ':n': {
              score: assessment.news2?.score ?? null,
              risk: assessment.news2?.risk ?? null,
              recordedAt,
            },
            ':at': recordedAt,
          },
        },
      },
    ]);
  } catch (err) {
    if (failedConditions(err)?.includes(1)) {
      const latest = await getEncounterRecord(t, encounterId);
      if (isEncounterFinished(latest.status)) throw finishedConflict(encounterId, latest.status);
      throw new Conflict(
        `The SpO2 scale of encounter ${encounterId} changed while this reading was being saved; send the reading again`,
      );
    }
    throw err;
  }
  return publicVitals(reading);
}

/**
 * Adds a MedicationRequest. The drug is matched to the catalogue for its code (a code that
 * contradicts the name is 400), checked against the patient's recorded allergies, directly and
 * for cross-sensitivity (409 unless an override reason is given, which is stored), and the
 * encounter must still be open when the write lands.
 */
export async function addPrescription(
  principal: Principal,
  encounterId: string,
  input: PrescriptionInput,
  now: Date,
) {
  const t = principal.tenantId;
  const encounter = await getEncounterRecord(t, encounterId);
  const patient = await findPatient(t, encounter.patientId);
  const check = checkPrescribable({
    encounterStatus: encounter.status,
    encounterId,
    allergies: patient.allergies ?? [],
    drug: { name: input.drugName, code: input.drugCode ?? null },
    overrideReason: input.allergyOverrideReason ?? null,
  });
  const authoredOn = now.toISOString();
  const rx: PrescriptionRecord = {
    id: randomUUID(),
    encounterId,
    patientId: encounter.patientId,
    status: NEW_PRESCRIPTION_STATUS,
    intent: 'order',
    drugName: input.drugName,
    ...(check.drugCode ? { drugCode: check.drugCode } : {}),
    strength: input.strength,
    dose: input.dose,
    route: input.route,
    frequency: input.frequency,
    durationDays: input.durationDays,
    quantity: input.quantity,
    ...(input.instructions ? { instructions: input.instructions } : {}),
    allergyConflicts: check.allergyConflicts,
    ...(check.overrideReason ? { allergyOverrideReason: check.overrideReason } : {}),
    prescriberId: principal.id,
    authoredOn,
  };
  try {
    await transact([
      {
        ConditionCheck: {
          TableName: table(),
          Key: encKeys.item(t, encounterId),
          ...OPEN_ENCOUNTER,
        },
      },
      {
        Put: {
          TableName: table(),
          Item: {
            ...encKeys.prescription(t, encounterId, authoredOn, rx.id),
            entity: 'Prescription',
            ...rx,
          },
        },
      },
    ]);
  } catch (err) {
    if (failedConditions(err)?.includes(0))
      throw finishedConflict(encounterId, (await getEncounterRecord(t, encounterId)).status);
    throw err;
  }
  return publicPrescription(rx);
}
