/** What nurses and doctors record on an active admission: observation sets (NEWS2) and notes. */
import { randomUUID } from 'node:crypto';
import { news2NeedsEscalation, news2Trend } from '../../clinical/news2';
import { ageInYears, assessReading, type VitalsInput } from '../../clinical/vitals';
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { Conflict } from '../../kernel/errors';
import { view } from '../../kernel/records';
import { conditionFailed, failedConditionNames } from '../../kernel/store/conditions';
import { updateItem } from '../../kernel/store/update';
import { todayIn } from '../../kernel/time/zoned-time';
import { bedNews2Update } from '../beds';
import { Note, Observation } from './schemas';
import { requireAdmission, requirePatient } from './service';
import { ACTIVE_ADMISSION_STATUS } from './status';
import { activeIn, admissionKeys, NoteRecord, ObservationRecord } from './store';

function changedWhileSaving(id: string) {
  return new Conflict(
    `Admission ${id} was transferred or ended while this entry was being saved; reload and try again`,
  );
}

/**
 * Appends an observation set, assessed by the same rules as an OPD reading (clinical/vitals:
 * bounds, BMI, NEWS2 by the patient's age on the hospital's date; SpO2 Scale 1, since no Scale 2
 * decision is recorded on admissions yet), and keeps the admission's latest NEWS2 with its trend
 * and escalation flag, and the bed board's copy on the bed, in the same transaction.
 */
export async function recordObservation(ctx: Context, input: VitalsInput & { id: string }) {
  const { store } = ctx;
  const { id, ...values } = input;
  const admission = await requireAdmission(ctx, id);
  if (admission.status !== 'in-progress')
    throw new Conflict(
      `Admission ${id} is '${admission.status}'; observations are recorded while the patient is admitted`,
      {
        status: admission.status,
      },
    );
  const patient = await requirePatient(ctx, admission.patientId);
  const recordedAt = ctx.now.toISOString();
  const assessment = assessReading(values, {
    ageYears: ageInYears(patient.dateOfBirth, todayIn(ctx.tenant.timeZone, ctx.now)),
    spo2Scale: 1,
  });
  const needsEscalation = news2NeedsEscalation(assessment.news2);
  const observation: ObservationRecord = {
    id: randomUUID(),
    admissionId: id,
    recordedAt,
    recordedBy: actorId(ctx.actor),
    values,
    ...assessment,
    needsEscalation,
  };
  const score = assessment.news2?.score ?? null;
  // The trend compares complete scores: an incomplete set keeps the last complete one as "previous".
  const previousScore =
    score === null
      ? (admission.latestNews2?.previousScore ?? null)
      : (admission.latestNews2?.score ?? null);
  const latestNews2 = {
    score,
    risk: assessment.news2?.risk ?? null,
    needsEscalation,
    trend: news2Trend(previousScore, score),
    previousScore,
    recordedAt,
  };
  const keys = admissionKeys(store);
  try {
    await store.transact([
      {
        Put: {
          Item: ObservationRecord.item(
            observation,
            keys.observation(id, recordedAt, observation.id),
          ),
        },
      },
      {
        Update: updateItem(
          keys.admission(id),
          { set: { latestNews2, updatedAt: recordedAt } },
          activeIn(admission.bedId),
        ),
      },
      bedNews2Update(store, admission.bedId, id, {
        score,
        risk: latestNews2.risk,
        needsEscalation,
        recordedAt,
      }),
    ]);
  } catch (err) {
    if (failedConditionNames(err)?.length) throw changedWhileSaving(id);
    throw err;
  }
  return view(Observation, observation);
}

/** A nursing note or a doctor's round note: timestamped, with its author, appended. */
export async function addNote(
  ctx: Context,
  input: { id: string; text: string },
  kind: 'nursing' | 'round',
) {
  const { store } = ctx;
  const admission = await requireAdmission(ctx, input.id);
  if (admission.status !== 'in-progress')
    throw new Conflict(
      `Admission ${input.id} is '${admission.status}'; notes are written while the patient is admitted`,
      {
        status: admission.status,
      },
    );
  const recordedAt = ctx.now.toISOString();
  const note: NoteRecord = {
    id: randomUUID(),
    admissionId: input.id,
    kind,
    text: input.text,
    authorId: actorId(ctx.actor),
    recordedAt,
  };
  const keys = admissionKeys(store);
  try {
    await store.transact([
      {
        name: 'active-admission',
        ConditionCheck: {
          Key: keys.admission(input.id),
          // A note stays with the admission wherever the patient is moved; it must still be active.
          ConditionExpression: '#status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':active': ACTIVE_ADMISSION_STATUS },
        },
      },
      { Put: { Item: NoteRecord.item(note, keys.note(input.id, recordedAt, note.id)) } },
    ]);
  } catch (err) {
    if (conditionFailed(err, 'active-admission')) throw changedWhileSaving(input.id);
    throw err;
  }
  return view(Note, note);
}
