/** What nurses and doctors record on an active admission: observation sets (NEWS2) and notes. */
import { randomUUID } from 'node:crypto';
import { news2NotApplicableReason } from '../../clinical/news2';
import { type PregnancyStatusValue, pregnancyWithholdsNews2 } from '../../clinical/pregnancy';
import { ageInMonths, ageInYears, assessReading, type VitalsInput } from '../../clinical/vitals';
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { Conflict } from '../../kernel/errors';
import { view } from '../../kernel/records';
import { conditionFailed, failedConditionNames } from '../../kernel/store/conditions';
import { updateItem } from '../../kernel/store/update';
import { todayIn } from '../../kernel/time/zoned-time';
import { invalidField } from '../../kernel/validation';
import { bedNews2Update } from '../beds';
import { latestNews2ForPregnancy, nextLatestNews2 } from './rules';
import { type LatestNews2, Note, Observation } from './schemas';
import { admissionAnswer, requireAdmission, requirePatient } from './service';
import { ACTIVE_ADMISSION_STATUS } from './status';
import { activeIn, admissionKeys, NoteRecord, ObservationRecord } from './store';

function changedWhileSaving(id: string) {
  return new Conflict(
    `Admission ${id} was transferred or ended while this entry was being saved; reload and try again`,
  );
}

/**
 * Appends an observation set, assessed by the same rules as an OPD reading (clinical/vitals:
 * bounds, BMI, NEWS2 by the patient's age on the hospital's date and their recorded pregnancy
 * status; SpO2 Scale 1, since no Scale 2 decision is recorded on admissions yet), and keeps the
 * admission's latest NEWS2 (nextLatestNews2: an escalation stands until a complete set scores
 * below the threshold; previous score and trend from complete sets), and the bed board's copy on
 * the bed, in the same transaction.
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
  const today = todayIn(ctx.tenant.timeZone, ctx.now);
  const assessment = assessReading(values, {
    ageYears: ageInYears(patient.dateOfBirth, today),
    ageMonths: ageInMonths(patient.dateOfBirth, today),
    spo2Scale: 1,
    pregnancy: pregnancyWithholdsNews2(admission.pregnancy, today),
  });
  const observation: ObservationRecord = {
    id: randomUUID(),
    admissionId: id,
    recordedAt,
    recordedBy: actorId(ctx.actor),
    values,
    ...assessment,
    // MEOWS or PEWS escalates where NEWS2 is withheld.
    needsEscalation:
      assessment.news2Escalation !== null || assessment.earlyWarning?.trigger === true,
  };
  const latestNews2 = nextLatestNews2(
    admission.latestNews2,
    {
      score: assessment.news2?.score ?? null,
      risk: assessment.news2?.risk ?? null,
      escalation: assessment.news2Escalation,
      complete: assessment.news2?.score !== null && assessment.news2 !== null,
      notApplicable: assessment.news2NotApplicable,
      earlyWarning: assessment.earlyWarning,
    },
    recordedAt,
  );
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
      bedNews2Update(store, admission.bedId, id, bedCopy(latestNews2)),
    ]);
  } catch (err) {
    if (failedConditionNames(err)?.length) throw changedWhileSaving(id);
    throw err;
  }
  return view(Observation, observation);
}

/** What the bed board shows of the latest NEWS2. */
export function bedCopy(latest: LatestNews2) {
  return {
    score: latest.score,
    risk: latest.risk,
    needsEscalation: latest.needsEscalation,
    escalation: latest.escalation ?? null,
    notApplicable: latest.notApplicable ?? null,
    earlyWarning: latest.earlyWarning ?? null,
    recordedAt: latest.recordedAt,
  };
}

/**
 * Records the patient's pregnancy status on the admission (pregnant, postpartum with its delivery
 * date, not pregnant): NEWS2 is withheld while she is pregnant and for 42 days after delivery
 * (clinical/pregnancy.ts). The latest NEWS2 and the bed board's copy follow at once, so an earlier
 * score is not shown as current for a patient NEWS2 does not apply to.
 */
export async function recordPregnancyStatus(
  ctx: Context,
  input: { id: string; status: PregnancyStatusValue; deliveryDate?: string | undefined },
) {
  const { store } = ctx;
  const admission = await requireAdmission(ctx, input.id);
  if (admission.status !== 'in-progress')
    throw new Conflict(
      `Admission ${input.id} is '${admission.status}'; the pregnancy status is recorded while the patient is admitted`,
      { status: admission.status },
    );
  const today = todayIn(ctx.tenant.timeZone, ctx.now);
  if (input.deliveryDate && input.deliveryDate > today)
    throw invalidField('deliveryDate', 'must not be in the future');
  const patient = await requirePatient(ctx, admission.patientId);
  const at = ctx.now.toISOString();
  const pregnancy = {
    status: input.status,
    ...(input.deliveryDate ? { deliveryDate: input.deliveryDate } : {}),
    recordedAt: at,
    recordedBy: actorId(ctx.actor),
  };
  const notApplicable = news2NotApplicableReason(
    ageInYears(patient.dateOfBirth, today),
    pregnancyWithholdsNews2(pregnancy, today),
  );
  const latestNews2 = latestNews2ForPregnancy(admission.latestNews2, notApplicable, at);
  const keys = admissionKeys(store);
  try {
    await store.transact([
      {
        Update: updateItem(
          keys.admission(input.id),
          { set: { pregnancy, latestNews2, updatedAt: at } },
          activeIn(admission.bedId),
        ),
      },
      ...(latestNews2
        ? [bedNews2Update(store, admission.bedId, input.id, bedCopy(latestNews2))]
        : []),
    ]);
  } catch (err) {
    if (failedConditionNames(err)?.length) throw changedWhileSaving(input.id);
    throw err;
  }
  return admissionAnswer({ ...admission, pregnancy, latestNews2, updatedAt: at });
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
