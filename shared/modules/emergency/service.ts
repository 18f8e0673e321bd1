import { type EsiLevel, esiLevel, TRIAGE_SCALE } from '../../clinical/esi';
import { ageInYears, assessReading } from '../../clinical/vitals';
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { emit } from '../../kernel/effects';
import { Conflict, NotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { view } from '../../kernel/records';
import { conditionFailed } from '../../kernel/store/conditions';
import type { TxItem } from '../../kernel/store/store';
import { todayIn } from '../../kernel/time/zoned-time';
import { invalidField } from '../../kernel/validation';
import type * as z from '../../kernel/zod';
import { findAdmission } from '../admissions';
import { findPatient, type PatientRecord } from '../patients';
import { CRITICAL_TRIAGE, EMERGENCY_SOURCE } from './events';
import {
  boardOrder,
  DEFAULT_TARGETS,
  FOUR_HOURS,
  isBreached,
  minutesBetween,
  targetFor,
} from './rules';
import {
  type ArrivalInput,
  type DispositionInput,
  EdVisit,
  type IdentifyInput,
  type LeftInput,
  type SeenInput,
  type StatsInput,
  type Targets,
  type TargetsInput,
  type TriageInput,
  type TriageRecord,
} from './schemas';
import {
  activeVisits,
  claimActiveVisit,
  departureCounts,
  type EdVisitRecord,
  edKeys,
  findVisit,
  putVisit,
  readDay,
  readTargets,
  releaseActiveVisit,
  targetsItem,
} from './store';

async function requirePatient(ctx: Context, id: string): Promise<PatientRecord> {
  const patient = await findPatient(ctx.store, id);
  if (!patient) throw new NotFound(`Patient ${id} not found`);
  return patient;
}

async function requireVisit(ctx: Context, id: string): Promise<EdVisitRecord> {
  const visit = await findVisit(ctx.store, id);
  if (!visit) throw new NotFound(`ED visit ${id} not found`);
  return visit;
}

function requireInDepartment(visit: EdVisitRecord): void {
  if (visit.status === 'departed')
    throw new Conflict(`ED visit ${visit.id} has ended (${visit.disposition?.kind})`);
}

const answer = (v: EdVisitRecord) => view(EdVisit, v);

/** Saves the visit at the version read, with other writes; a lost race is a 409. */
async function save(
  ctx: Context,
  next: EdVisitRecord,
  readVersion: number | null,
  more: TxItem[] = [],
) {
  try {
    await ctx.store.transact([putVisit(ctx.store, next, readVersion), ...more]);
  } catch (err) {
    if (conditionFailed(err, 'visit'))
      throw new Conflict(`ED visit ${next.id} was changed by someone else; reload and try again`);
    if (conditionFailed(err, 'active-visit'))
      throw new Conflict(`Patient ${next.patientId} already has an open ED visit`, {
        field: 'patientId',
      });
    throw err;
  }
}

export async function registerArrival(ctx: Context, input: z.output<typeof ArrivalInput>) {
  if (input.patientId) await requirePatient(ctx, input.patientId);
  const arrivedAt = input.arrivedAt ?? ctx.now.toISOString();
  if (Date.parse(arrivedAt) > ctx.now.getTime())
    throw invalidField('arrivedAt', 'must not be in the future');
  const id = newId(ctx);
  let temporaryIdentity: EdVisitRecord['temporaryIdentity'];
  if (input.unidentified) {
    // A label people can call out and write on a wristband, unique in the hospital.
    const n = await ctx.store.nextCounterValue(edKeys(ctx.store).unknownCounter());
    temporaryIdentity = {
      label: `UNKNOWN-${String(n).padStart(4, '0')}`,
      ...input.unidentified,
    };
  }
  const visit: EdVisitRecord = {
    id,
    tenantId: ctx.tenantId,
    patientId: input.patientId,
    temporaryIdentity,
    arrivalMode: input.arrivalMode,
    arrivedAt,
    presentingComplaint: input.presentingComplaint,
    handoverNotes: input.handoverNotes,
    referredBy: input.referredBy,
    status: 'awaiting-triage',
    triageHistory: [],
    registeredBy: actorId(ctx.actor),
    version: 1,
    updatedAt: ctx.now.toISOString(),
  };
  await save(
    ctx,
    visit,
    null,
    input.patientId ? [claimActiveVisit(ctx.store, input.patientId, id)] : [],
  );
  return answer(visit);
}

/** Completed months and days of age on a date (null when unknown). */
function ageOf(visit: EdVisitRecord, patient: PatientRecord | undefined, today: string) {
  if (patient) {
    const years = ageInYears(patient.dateOfBirth, today);
    const days = Math.floor((Date.parse(today) - Date.parse(patient.dateOfBirth)) / 86_400_000);
    const [by, bm, bd] = patient.dateOfBirth.split('-').map(Number) as [number, number, number];
    const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
    const months = (ty - by) * 12 + (tm - bm) - (td < bd ? 1 : 0);
    return { years, months, days };
  }
  const est = visit.temporaryIdentity?.estimatedAgeYears;
  return est === undefined
    ? { years: Number.NaN, months: null, days: null }
    : { years: est, months: est * 12, days: est * 365 };
}

export async function triage(ctx: Context, input: z.output<typeof TriageInput>) {
  const visit = await requireVisit(ctx, input.id);
  requireInDepartment(visit);
  if (visit.triage && !input.reason)
    throw invalidField('reason', 'is required on a re-triage (why the level is reassessed)');
  if (input.answers.keepLevel3DespiteDangerZone && !input.reason)
    throw invalidField('reason', 'is required to keep level 3 despite danger-zone vital signs');
  const patient = visit.patientId ? await findPatient(ctx.store, visit.patientId) : undefined;
  const today = todayIn(ctx.tenant.timeZone, ctx.now);
  const age = ageOf(visit, patient, today);
  const esi = esiLevel(input.answers, input.vitals, age, input.painScore);
  // NEWS2 on the arrival vitals (PEWS for a child); pregnancy is not known in the ED record, so
  // it is not assumed.
  const assessment = assessReading(input.vitals, {
    ageYears: age.years,
    ageMonths: age.months,
    spo2Scale: 1,
  });
  const record: TriageRecord = {
    scale: TRIAGE_SCALE.id,
    level: esi.level,
    decidedAt: esi.decidedAt,
    answers: input.answers,
    resourceCount: esi.resourceCount,
    dangerZone: esi.dangerZone,
    notes: esi.notes,
    painScore: input.painScore,
    vitals: input.vitals,
    news2: assessment.news2,
    news2NotApplicable: assessment.news2NotApplicable,
    earlyWarning: assessment.earlyWarning,
    suspectedInfection: input.suspectedInfection,
    reason: input.reason,
    triagedBy: actorId(ctx.actor),
    triagedAt: ctx.now.toISOString(),
  };
  const next: EdVisitRecord = {
    ...visit,
    triage: record,
    triageHistory: visit.triage ? [...visit.triageHistory, visit.triage] : visit.triageHistory,
    status: visit.status === 'awaiting-triage' ? 'awaiting-clinician' : visit.status,
    version: visit.version + 1,
    updatedAt: ctx.now.toISOString(),
  };
  if (esi.level <= 2)
    emit(ctx, {
      source: EMERGENCY_SOURCE,
      detailType: CRITICAL_TRIAGE,
      detail: {
        tenantId: ctx.tenantId,
        visitId: visit.id,
        patientId: visit.patientId ?? null,
        level: esi.level,
        scale: TRIAGE_SCALE.id,
        presentingComplaint: visit.presentingComplaint,
        triagedAt: record.triagedAt,
      },
    });
  await save(ctx, next, visit.version);
  return answer(next);
}

export async function markSeen(ctx: Context, input: z.output<typeof SeenInput>) {
  const visit = await requireVisit(ctx, input.id);
  requireInDepartment(visit);
  if (visit.status === 'awaiting-triage')
    throw new Conflict(`ED visit ${visit.id} has not been triaged yet`);
  const next: EdVisitRecord = {
    ...visit,
    status: 'with-clinician',
    seenBy: { userId: actorId(ctx.actor), at: ctx.now.toISOString() },
    version: visit.version + 1,
    updatedAt: ctx.now.toISOString(),
  };
  await save(ctx, next, visit.version);
  return answer(next);
}

/** Merges the temporary identity into the patient's record: every entry of the visit is kept. */
export async function identify(ctx: Context, input: z.output<typeof IdentifyInput>) {
  const visit = await requireVisit(ctx, input.id);
  if (visit.patientId)
    throw new Conflict(`ED visit ${visit.id} already belongs to patient ${visit.patientId}`);
  await requirePatient(ctx, input.patientId);
  const next: EdVisitRecord = {
    ...visit,
    patientId: input.patientId,
    identifiedAt: ctx.now.toISOString(),
    identifiedBy: actorId(ctx.actor),
    version: visit.version + 1,
    updatedAt: ctx.now.toISOString(),
  };
  await save(
    ctx,
    next,
    visit.version,
    visit.status === 'departed' ? [] : [claimActiveVisit(ctx.store, input.patientId, visit.id)],
  );
  return answer(next);
}

async function depart(
  ctx: Context,
  visit: EdVisitRecord,
  disposition: Omit<NonNullable<EdVisitRecord['disposition']>, 'at' | 'by' | 'minutesInDepartment'>,
) {
  requireInDepartment(visit);
  const minutes = minutesBetween(visit.arrivedAt, ctx.now);
  const next: EdVisitRecord = {
    ...visit,
    status: 'departed',
    disposition: {
      ...disposition,
      at: ctx.now.toISOString(),
      by: actorId(ctx.actor),
      minutesInDepartment: minutes,
    },
    version: visit.version + 1,
    updatedAt: ctx.now.toISOString(),
  };
  const today = todayIn(ctx.tenant.timeZone, ctx.now);
  await save(ctx, next, visit.version, [
    departureCounts(ctx.store, today, disposition.kind, minutes, minutes <= FOUR_HOURS),
    ...(visit.patientId ? [releaseActiveVisit(ctx.store, visit.patientId, visit.id)] : []),
  ]);
  return answer(next);
}

export async function dispose(ctx: Context, input: z.output<typeof DispositionInput>) {
  const visit = await requireVisit(ctx, input.id);
  requireInDepartment(visit);
  if (input.kind === 'admit') {
    const admission = await findAdmission(ctx.store, input.admissionId as string);
    if (!admission) throw new NotFound(`Admission ${input.admissionId} not found`);
    if (!visit.patientId)
      throw new Conflict(
        'Identify the patient (POST /emergency/visits/{id}/identify) before admitting',
      );
    if (admission.patientId !== visit.patientId || admission.source !== 'emergency')
      throw invalidField(
        'admissionId',
        `must be an admission of this visit's patient with source 'emergency'`,
      );
  }
  return depart(ctx, visit, {
    kind: input.kind,
    admissionId: input.admissionId,
    destination: input.destination,
    note: input.note,
  });
}

export async function leftWithoutBeingSeen(ctx: Context, input: z.output<typeof LeftInput>) {
  const visit = await requireVisit(ctx, input.id);
  if (visit.status === 'with-clinician')
    throw new Conflict(`ED visit ${visit.id}: the patient has been seen; record a disposition`);
  return depart(ctx, visit, { kind: 'left-without-being-seen', note: input.note });
}

export async function getVisit(ctx: Context, input: { id: string }) {
  return answer(await requireVisit(ctx, input.id));
}

async function targetsOf(ctx: Context): Promise<Targets> {
  return (await readTargets(ctx.store)) ?? DEFAULT_TARGETS;
}

export async function getTargets(ctx: Context) {
  return targetsOf(ctx);
}

export async function setTargets(ctx: Context, input: z.output<typeof TargetsInput>) {
  await ctx.store.put({ Item: targetsItem(ctx.store, input) });
  return input;
}

export async function board(ctx: Context) {
  const [visits, targets] = await Promise.all([activeVisits(ctx.store), targetsOf(ctx)]);
  const names = new Map<string, string>();
  await Promise.all(
    [...new Set(visits.flatMap((v) => (v.patientId ? [v.patientId] : [])))].map(async (id) => {
      const p = await findPatient(ctx.store, id);
      if (p) names.set(id, `${p.name} (${p.mrn})`);
    }),
  );
  const patients = visits
    .map((v) => {
      const level = (v.triage?.level ?? null) as EsiLevel | null;
      // Waiting to be seen: from arrival until a clinician sees the patient.
      const minutesWaiting = minutesBetween(
        v.arrivedAt,
        v.seenBy ? new Date(v.seenBy.at) : ctx.now,
      );
      return {
        visitId: v.id,
        patientId: v.patientId,
        displayName:
          (v.patientId && names.get(v.patientId)) || v.temporaryIdentity?.label || 'Unknown',
        arrivalMode: v.arrivalMode,
        arrivedAt: v.arrivedAt,
        presentingComplaint: v.presentingComplaint,
        status: v.status,
        level,
        news2: v.triage?.news2?.score ?? null,
        pews: v.triage?.earlyWarning?.system === 'pews' ? v.triage.earlyWarning.score : null,
        minutesWaiting,
        targetMinutes:
          v.status === 'with-clinician'
            ? null
            : targetFor(targets, v.status === 'awaiting-triage' ? null : level),
        breached: isBreached(v.status, level, minutesWaiting, targets),
        seenBy: v.seenBy?.userId,
      };
    })
    .sort(boardOrder);
  return {
    at: ctx.now.toISOString(),
    targets: { ...targets },
    patients,
  };
}

export async function stats(ctx: Context, input: z.output<typeof StatsInput>) {
  const item = (await readDay(ctx.store, input.date)) ?? {};
  const n = (k: string) => (typeof item[k] === 'number' ? (item[k] as number) : 0);
  const departures = n('departures');
  return {
    date: input.date,
    departures,
    within4Hours: n('within4Hours'),
    percentWithin4Hours:
      departures === 0 ? null : Math.round((n('within4Hours') / departures) * 1000) / 10,
    admitted: n('admitted'),
    discharged: n('discharged'),
    transferred: n('transferred'),
    leftWithoutBeingSeen: n('leftWithoutBeingSeen'),
    totalMinutesInDepartment: n('totalMinutesInDepartment'),
  };
}
