/**
 * Surgical cases from request to recovery: the request (with its team and pre-operative
 * requirements), scheduling into a session without overlaps (theatre, team and patient, over the
 * whole interval), emergencies bumping elective cases, the WHO checklist confirmed by the named
 * team member in phase order, the timeline it guards, the operative record, cancellation on the
 * day, and the connections: charges into billing and a discharge hold from the booking of an admission's case until it leaves the room.
 */
import { actorId, decidingHuman } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { refuse } from '../../kernel/decisions';
import { emit } from '../../kernel/effects';
import { Conflict, Forbidden, NotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { view } from '../../kernel/records';
import { conditionFailed } from '../../kernel/store/conditions';
import {
  type Booking,
  type Calendar,
  type CalendarChange,
  changeBookings,
} from '../../kernel/store/interval-booking';
import { named, type TxItem } from '../../kernel/store/store';
import { invalidField } from '../../kernel/validation';
import type * as z from '../../kernel/zod';
import {
  ACTIVE_ADMISSION_STATUS,
  findAdmission,
  placeDischargeHold,
  releaseDischargeHold,
} from '../admissions';
import { chargeWrites, type NewCharge } from '../billing';
import { resolveSource } from '../lab';
import { findPatient } from '../patients';
import {
  COUNTS_ITEM,
  type Confirmer,
  confirmProblem,
  countsProblem,
  currentPhase,
  outstanding,
  PHASE_TITLES,
  PHASES,
  phaseComplete,
} from './checklist';
import { caseTeamDecision, checklistConfirmerDecision, scheduleOwnCaseDecision } from './decisions';
import {
  type CancelCaseInput,
  type ChecklistView,
  type ConfirmItemInput,
  type CreateCaseInput,
  type HandoverInput,
  type PreOpInput,
  type RecordInput,
  type ScheduleCaseInput,
  SurgicalCase,
} from './schemas';
import { takeSpecimens, withSpecimenOrders } from './specimens';
import {
  assertCaseStatus,
  FHIR_PROCEDURE_STATUS,
  GUARDED_BY,
  mayBump,
  nextTimelineEvent,
  type TimelineEvent,
} from './status';
import {
  type CaseRecord,
  casePut,
  casesOfAdmission,
  casesOn,
  findCase,
  findTheatre,
  listTheatres,
  readSettings,
  type SessionRecord,
  sessionPut,
  type UtilisationDelta,
  utilisationWrites,
} from './store';
import { checklistForNewCase, localDate, requireSessionOf, requireStaff } from './theatres';

/** The EventBridge source of theatre events and their detail-types (COORDINATION.md). */
export const THEATRE_SOURCE = 'hms.theatre';
export const CASE_BOOKED = 'TheatreCaseBooked';
export const CASE_COMPLETED = 'TheatreCaseCompleted';
export const CASE_CANCELLED = 'TheatreCaseCancelled';

/** A late start: the session's first case enters the room more than this after the session starts. */
export const LATE_START_MINUTES = 15;

const answer = (c: CaseRecord): SurgicalCase => view(SurgicalCase, c);
const minutesBetween = (a: string, b: string) =>
  Math.round((Date.parse(b) - Date.parse(a)) / 60_000);

async function requireCase(ctx: Context, id: string) {
  const c = await findCase(ctx.store, id);
  if (!c) throw new NotFound(`Surgical case ${id} not found`);
  return c;
}

function advanced(ctx: Context, c: CaseRecord, changes: Partial<CaseRecord>): CaseRecord {
  const next = { ...c, ...changes, version: c.version + 1, updatedAt: ctx.now.toISOString() };
  return { ...next, fhirStatus: FHIR_PROCEDURE_STATUS[next.status] };
}

async function commit(ctx: Context, read: CaseRecord, next: CaseRecord, extra: TxItem[] = []) {
  try {
    await ctx.store.transact([named('case', casePut(ctx.store, next, read.version)), ...extra]);
  } catch (err) {
    if (conditionFailed(err, 'case'))
      throw new Conflict(`Surgical case ${read.id} changed meanwhile; reload and try again`);
    if (conditionFailed(err, 'session'))
      throw new Conflict('The session changed meanwhile; try again');
    if (conditionFailed(err, 'hold'))
      throw new Conflict(`Admission ${read.admissionId} is no longer in progress`);
    throw err;
  }
  return answer(next);
}

/** Who the actor is on the case's team, by the checklist's names. */
function rolesOf(c: CaseRecord, userId: string | undefined): Confirmer[] {
  if (!userId) return [];
  const roles: Confirmer[] = [];
  if (c.surgeon.id === userId) roles.push('surgeon');
  if (c.anaesthetist.id === userId) roles.push('anaesthetist');
  if (c.scrubNurse.id === userId) roles.push('nurse');
  return roles;
}

function memberOf(c: CaseRecord, role: Confirmer) {
  return role === 'surgeon' ? c.surgeon : role === 'anaesthetist' ? c.anaesthetist : c.scrubNurse;
}

function requireTeam(ctx: Context, c: CaseRecord) {
  const who = decidingHuman(ctx.actor);
  const onTeam = who && (rolesOf(c, who.id).length > 0 || c.assistant?.id === who.id);
  if (!onTeam) throw refuse(caseTeamDecision);
}

function requireBooker(ctx: Context, c: CaseRecord) {
  const who = decidingHuman(ctx.actor);
  if (who?.role === 'DOCTOR' && who.id !== c.surgeon.id) throw refuse(scheduleOwnCaseDecision);
}

// ─── Request ──────────────────────────────────────────────────────────────────────────────

export async function requestCase(ctx: Context, input: z.output<typeof CreateCaseInput>) {
  const src = await resolveSource(ctx, input.source);
  const [patient, surgeon, anaesthetist, scrubNurse, assistant, checklist] = await Promise.all([
    findPatient(ctx.store, src.patientId),
    requireStaff(ctx, 'surgeonId', input.surgeonId, 'DOCTOR'),
    requireStaff(ctx, 'anaesthetistId', input.anaesthetistId, 'DOCTOR'),
    requireStaff(ctx, 'scrubNurseId', input.scrubNurseId, 'NURSE'),
    input.assistantId ? requireStaff(ctx, 'assistantId', input.assistantId, 'DOCTOR') : undefined,
    checklistForNewCase(ctx),
  ]);
  if (!patient) throw new NotFound(`Patient ${src.patientId} not found`);
  if (surgeon.id === anaesthetist.id)
    throw invalidField('anaesthetistId', 'must be another doctor than the surgeon');
  if (assistant && (assistant.id === surgeon.id || assistant.id === anaesthetist.id))
    throw invalidField('assistantId', 'must be another doctor than the surgeon and anaesthetist');
  const at = ctx.now.toISOString();
  const c: CaseRecord = {
    id: newId(ctx),
    source: input.source,
    patientId: patient.id,
    patientName: patient.name,
    mrn: patient.mrn,
    ...(input.source.kind === 'admission' ? { admissionId: input.source.id } : {}),
    procedure: input.procedure,
    site: input.site,
    laterality: input.laterality,
    surgeon,
    ...(assistant ? { assistant } : {}),
    anaesthetist,
    scrubNurse,
    anaesthesiaType: input.anaesthesiaType,
    expectedMinutes: input.expectedMinutes,
    priority: input.priority,
    requiredEquipment: input.requiredEquipment,
    procedurePriceMinor: input.procedurePriceMinor,
    preOp: preOpOf(undefined, input.preOp),
    status: 'waiting',
    fhirStatus: FHIR_PROCEDURE_STATUS.waiting,
    checklist,
    confirmations: {},
    timeline: {},
    record: {},
    requestedBy: actorId(ctx.actor),
    requestedAt: at,
    version: 1,
    updatedAt: at,
  };
  await ctx.store.transact([casePut(ctx.store, c, null)]);
  return answer(c);
}

function preOpOf(
  current: CaseRecord['preOp'] | undefined,
  input: z.output<typeof PreOpInput>,
): CaseRecord['preOp'] {
  const base = current ?? { consentSigned: false, siteMarked: false, labOrderIds: [] };
  return {
    ...base,
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    ...(input.fastingSince ? { fastingSince: new Date(input.fastingSince).toISOString() } : {}),
  };
}

export async function getCase(ctx: Context, input: { id: string }) {
  return answer(await withSpecimenOrders(ctx.store, await requireCase(ctx, input.id)));
}

/** An admission's cases; an unknown admission is 404, not an empty list (issue 16, item 9). */
export async function casesOfAdmissionAnswer(ctx: Context, input: { id: string }) {
  const [admission, cases] = await Promise.all([
    findAdmission(ctx.store, input.id),
    casesOfAdmission(ctx.store, input.id),
  ]);
  if (!admission) throw new NotFound(`Admission ${input.id} not found`);
  return { items: cases.map(answer) };
}

export async function updatePreOp(
  ctx: Context,
  input: z.output<typeof PreOpInput> & { id: string },
) {
  const { id, ...fields } = input;
  const c = await requireCase(ctx, id);
  if (c.status !== 'waiting' && c.status !== 'scheduled')
    throw new Conflict(
      `Surgical case ${c.id} is '${c.status}'; pre-operative checks are recorded before it starts`,
    );
  return commit(ctx, c, advanced(ctx, c, { preOp: preOpOf(c.preOp, fields) }));
}

// ─── Scheduling without overlaps ──────────────────────────────────────────────────────────

/** The calendars a case takes part in: its theatre, each of its team, its patient. */
function calendarsOf(
  c: Pick<CaseRecord, 'surgeon' | 'anaesthetist' | 'scrubNurse' | 'assistant' | 'patientId'>,
  theatre: string,
) {
  const people = [c.surgeon, c.anaesthetist, c.scrubNurse, ...(c.assistant ? [c.assistant] : [])];
  return [
    { cal: { calendar: 'THEATRE', resource: theatre }, what: `Theatre ${theatre}` },
    ...people.map((p) => ({
      cal: { calendar: 'THEATRE-STAFF', resource: p.id },
      what: p.name,
    })),
    { cal: { calendar: 'THEATRE-PATIENT', resource: c.patientId }, what: 'The patient' },
  ];
}

function bookingOf(c: CaseRecord): Booking | undefined {
  return c.schedule ? { id: c.id, start: c.schedule.start, end: c.schedule.end } : undefined;
}

/**
 * Books a waiting case into a session at a start time, or moves a scheduled one (a new time, a new
 * session or a new expected duration), re-checking every calendar over the whole interval. An
 * immediate or urgent case may take the place of elective cases of the same theatre: each is
 * freed and put back on the waiting list with the recorded reason, in the same transaction.
 */
export async function scheduleCase(ctx: Context, input: z.output<typeof ScheduleCaseInput>) {
  const [c, session] = await Promise.all([
    requireCase(ctx, input.id),
    requireSessionOf(ctx, input.sessionId),
  ]);
  requireBooker(ctx, c);
  if (c.status !== 'waiting' && c.status !== 'scheduled')
    throw new Conflict(
      `Surgical case ${c.id} is '${c.status}'; only a waiting or scheduled case is booked`,
      {
        status: c.status,
      },
    );
  const theatre = await findTheatre(ctx.store, session.theatre);
  if (!theatre) throw new NotFound(`Theatre ${session.theatre} not found`);
  if (theatre.status !== 'open')
    throw new Conflict(`Theatre ${theatre.code} is ${theatre.status}; book an open theatre`);
  const missing = c.requiredEquipment.filter((e) => !theatre.equipment.includes(e));
  if (missing.length)
    throw invalidField('sessionId', `theatre ${theatre.code} lacks ${missing.join(', ')}`);
  const minutes = input.expectedMinutes ?? c.expectedMinutes;
  const start = new Date(input.start);
  const end = new Date(start.getTime() + minutes * 60_000);
  if (start.getTime() < ctx.now.getTime()) throw invalidField('start', 'must not be in the past');
  if (start.toISOString() < session.start || end.toISOString() > session.end)
    throw invalidField(
      'start',
      `the case (${minutes} minutes) must fit in the session ${session.start}–${session.end}`,
    );
  if (session.kind === 'emergency' && !mayBump(c.priority) && c.priority !== 'expedited')
    throw invalidField(
      'sessionId',
      'an emergency session takes immediate, urgent or expedited cases',
    );

  const bumped = await bumpedCases(ctx, c, session, input.bump);
  const at = ctx.now.toISOString();
  const schedule = {
    sessionId: session.id,
    theatre: theatre.code,
    date: session.date,
    start: start.toISOString(),
    end: end.toISOString(),
    by: actorId(ctx.actor),
  };
  const next = advanced(ctx, c, {
    status: 'scheduled',
    expectedMinutes: minutes,
    schedule,
    bumped: undefined,
  });
  if (c.status !== 'scheduled') assertCaseStatus(c.status, 'scheduled');

  const booking: Booking = { id: c.id, start: schedule.start, end: schedule.end };
  const previous = bookingOf(c);
  const changes: CalendarChange[] = calendarsOf(c, theatre.code).map(({ cal }) => ({
    cal,
    book: booking,
  }));
  // A moved case frees its earlier interval in the calendars it held (the theatre may change).
  if (previous && c.schedule)
    for (const { cal } of calendarsOf(c, c.schedule.theatre))
      changes.push({ cal, free: [previous] });
  const deltas: UtilisationDelta[] = [
    { date: schedule.date, theatre: theatre.code, add: { bookedMinutes: minutes } },
  ];
  if (c.schedule)
    deltas.push({
      date: c.schedule.date,
      theatre: c.schedule.theatre,
      add: { bookedMinutes: -minutesBetween(c.schedule.start, c.schedule.end) },
    });
  const bumpWrites: TxItem[] = [];
  if (c.status === 'waiting') bumpWrites.push(...(await bookedHold(ctx, c, schedule.date)));
  for (const b of bumped) {
    const held = bookingOf(b)!;
    for (const { cal } of calendarsOf(b, b.schedule!.theatre)) changes.push({ cal, free: [held] });
    deltas.push({
      date: b.schedule!.date,
      theatre: b.schedule!.theatre,
      add: { bookedMinutes: -minutesBetween(held.start, held.end) },
    });
    const unscheduled = advanced(ctx, b, {
      status: 'waiting',
      schedule: undefined,
      bumped: {
        byCaseId: c.id,
        reason: input.bump!.reason,
        by: actorId(ctx.actor),
        at,
        from: { theatre: b.schedule!.theatre, start: held.start },
      },
    });
    bumpWrites.push(named('bumped', casePut(ctx.store, unscheduled, b.version)));
    if (b.admissionId)
      bumpWrites.push(releaseDischargeHold(ctx.store, b.admissionId, holdId(b.id)));
  }
  const names = new Map(calendarsOf(c, theatre.code).map((x) => [calKey(x.cal), x.what]));
  emit(ctx, {
    source: THEATRE_SOURCE,
    detailType: CASE_BOOKED,
    detail: {
      tenantId: ctx.tenantId,
      caseId: c.id,
      patientId: c.patientId,
      theatre: theatre.code,
      sessionId: session.id,
      date: schedule.date,
      start: schedule.start,
      end: schedule.end,
      priority: c.priority,
      bumpedCaseIds: bumped.map((b) => b.id),
    },
  });
  try {
    await changeBookings(
      ctx.store,
      changes,
      [
        named('case', casePut(ctx.store, next, c.version)),
        ...bumpWrites,
        ...utilisationWrites(ctx.store, deltas),
      ],
      (cal, clash) =>
        `${names.get(calKey(cal)) ?? cal.resource} is already booked from ${clash
          .map((b) => `${b.start} to ${b.end}`)
          .join(', ')}; choose another time`,
    );
  } catch (err) {
    if (conditionFailed(err, 'case') || conditionFailed(err, 'bumped'))
      throw new Conflict(`A case changed meanwhile; reload and try again`);
    if (conditionFailed(err, 'hold'))
      throw new Conflict(`Admission ${c.admissionId} changed meanwhile; reload and try again`);
    throw err;
  }
  return answer(next);
}

const holdId = (caseId: string) => `theatre-${caseId}`;

/**
 * The discharge hold of a case booked for a patient still in hospital (issue 16, item 4): an
 * inpatient booked for theatre is not sent home with the booking left behind. It stands from the
 * booking until the patient leaves the operating room, or the case is cancelled or bumped back to
 * the waiting list. A waiting (unbooked) case holds nothing: a patient may go home to wait.
 * A case of an admission that has already ended books without a hold.
 */
async function bookedHold(ctx: Context, c: CaseRecord, date: string): Promise<TxItem[]> {
  if (!c.admissionId) return [];
  const admission = await findAdmission(ctx.store, c.admissionId);
  if (admission?.status !== ACTIVE_ADMISSION_STATUS) return [];
  return [
    named(
      'hold',
      placeDischargeHold(ctx.store, c.admissionId, holdId(c.id), {
        kind: 'theatre-case',
        description: `Booked for theatre on ${date}: ${c.procedure.text}`,
        placedAt: ctx.now.toISOString(),
      }),
    ),
  ];
}

const calKey = (cal: Calendar) => `${cal.calendar}#${cal.resource}`;

async function bumpedCases(
  ctx: Context,
  c: CaseRecord,
  session: SessionRecord,
  bump: { caseIds: string[]; reason: string } | undefined,
): Promise<CaseRecord[]> {
  if (!bump) return [];
  if (!mayBump(c.priority))
    throw invalidField(
      'bump',
      `only an immediate or urgent case may bump others (this one is ${c.priority})`,
    );
  const found = await Promise.all(bump.caseIds.map((id) => findCase(ctx.store, id)));
  return found.map((b, i) => {
    if (!b) throw new NotFound(`Surgical case ${bump.caseIds[i]} not found`);
    if (b.id === c.id) throw invalidField('bump.caseIds', 'a case does not bump itself');
    if (
      b.status !== 'scheduled' ||
      b.priority !== 'elective' ||
      b.schedule?.theatre !== session.theatre
    )
      throw new Conflict(
        `Surgical case ${b.id} is not a scheduled elective case in theatre ${session.theatre}; only those are bumped`,
      );
    return b;
  });
}

// ─── Cancellation ─────────────────────────────────────────────────────────────────────────

export async function cancelCase(ctx: Context, input: z.output<typeof CancelCaseInput>) {
  const c = await requireCase(ctx, input.id);
  requireBooker(ctx, c);
  assertCaseStatus(c.status, 'cancelled');
  const at = ctx.now.toISOString();
  const today = localDate(ctx, at);
  const onTheDay = c.schedule?.date === today;
  const next = advanced(ctx, c, {
    status: 'cancelled',
    cancellation: {
      reason: input.reason,
      ...(input.note ? { note: input.note } : {}),
      onTheDay,
      by: actorId(ctx.actor),
      at,
    },
  });
  emit(ctx, {
    source: THEATRE_SOURCE,
    detailType: CASE_CANCELLED,
    detail: {
      tenantId: ctx.tenantId,
      caseId: c.id,
      patientId: c.patientId,
      reason: input.reason,
      onTheDay,
      theatre: c.schedule?.theatre ?? null,
      date: c.schedule?.date ?? null,
    },
  });
  const release = c.admissionId
    ? [releaseDischargeHold(ctx.store, c.admissionId, holdId(c.id))]
    : [];
  const held = bookingOf(c);
  if (!held || !c.schedule) return commit(ctx, c, next, release);
  const deltas: UtilisationDelta[] = [
    {
      date: c.schedule.date,
      theatre: c.schedule.theatre,
      add: { bookedMinutes: -minutesBetween(held.start, held.end) },
      ...(onTheDay ? { cancelled: input.reason } : {}),
    },
  ];
  try {
    await changeBookings(
      ctx.store,
      calendarsOf(c, c.schedule.theatre).map(({ cal }) => ({ cal, free: [held] })),
      [
        named('case', casePut(ctx.store, next, c.version)),
        ...utilisationWrites(ctx.store, deltas),
        ...release,
      ],
    );
  } catch (err) {
    if (conditionFailed(err, 'case'))
      throw new Conflict(`Surgical case ${c.id} changed meanwhile; reload and try again`);
    throw err;
  }
  return answer(next);
}

// ─── The WHO checklist ────────────────────────────────────────────────────────────────────

/**
 * Confirms one item as the team member the checklist names for it, in phase order. The counts
 * item takes the counts, which must reconcile or carry the discrepancy action taken.
 */
export async function confirmItem(ctx: Context, input: z.output<typeof ConfirmItemInput>) {
  const who = decidingHuman(ctx.actor);
  if (!who) throw refuse(checklistConfirmerDecision);
  const c = await requireCase(ctx, input.id);
  if (c.status !== 'scheduled' && c.status !== 'in-theatre')
    throw new Conflict(`Surgical case ${c.id} is '${c.status}'; its checklist is closed`, {
      status: c.status,
    });
  const item = c.checklist.find((i) => i.code === input.item);
  if (!item) throw new NotFound(`Checklist item ${input.item} is not on case ${c.id}'s checklist`);
  const member = memberOf(c, item.confirmer);
  if (member.id !== who.id)
    throw new Forbidden(
      `${checklistConfirmerDecision.refusal}: ${input.item} is confirmed by the case's ${item.confirmer}, ${member.name}`,
    );
  const problem = confirmProblem(c.checklist, c.confirmations, input.item);
  if (problem) throw new Conflict(problem, { outstanding: outstandingOf(c) });
  const answerGiven = input.answer ?? item.answers[0]!;
  if (!item.answers.includes(answerGiven))
    throw invalidField('answer', `must be one of: ${item.answers.join(', ')}`);
  if (input.item === 'patient-confirmed' && !c.preOp.consentSigned)
    throw new Conflict(
      'Consent is not recorded as signed; record it in the pre-operative checks first',
    );
  let counts = c.counts;
  if (input.item === COUNTS_ITEM) {
    const given = input.counts
      ? {
          counts: input.counts,
          ...(input.discrepancyAction ? { discrepancyAction: input.discrepancyAction } : {}),
        }
      : undefined;
    const why = countsProblem(given);
    if (why) throw invalidField('counts', why);
    counts = given;
  } else if (input.counts || input.discrepancyAction)
    throw invalidField('counts', `only ${COUNTS_ITEM} takes counts`);
  const confirmation = {
    code: item.code,
    answer: answerGiven,
    ...(input.note ? { note: input.note } : {}),
    by: who.id,
    byName: member.name,
    role: item.confirmer,
    at: ctx.now.toISOString(),
  };
  return commit(
    ctx,
    c,
    advanced(ctx, c, {
      confirmations: { ...c.confirmations, [item.code]: confirmation },
      ...(counts ? { counts } : {}),
    }),
  );
}

function outstandingOf(c: CaseRecord) {
  return PHASES.flatMap((p) => outstanding(c.checklist, c.confirmations, p)).map((i) => ({
    code: i.code,
    text: i.text,
    confirmer: i.confirmer,
    confirmerName: memberOf(c, i.confirmer).name,
  }));
}

/** Where the case stands: phases, who confirmed what, what is outstanding and who confirms it. */
export function checklistViewOf(c: CaseRecord): ChecklistView {
  const phase = currentPhase(c.checklist, c.confirmations);
  const next = nextTimelineEvent(c.timeline);
  const guard = next ? GUARDED_BY[next] : undefined;
  const open = outstandingOf(c);
  let nextStep: string;
  if (c.status === 'cancelled') nextStep = 'The case is cancelled.';
  else if (c.status === 'completed') nextStep = 'The case is complete: recovery handover.';
  else if (c.status === 'waiting') nextStep = 'Book the case into a session.';
  else if (guard && !phaseComplete(c.checklist, c.confirmations, guard))
    nextStep = `Complete ${PHASE_TITLES[guard]} before ${next}: ${open
      .filter((i) => c.checklist.find((x) => x.code === i.code)?.phase === guard)
      .map((i) => `${i.code} (${i.confirmer} ${i.confirmerName})`)
      .join(', ')}.`;
  else nextStep = next ? `Record ${next}.` : 'All steps recorded.';
  return {
    caseId: c.id,
    patientName: c.patientName,
    procedure: c.procedure.text,
    ...(c.schedule ? { theatre: c.schedule.theatre } : {}),
    status: c.status,
    currentPhase: phase,
    phases: PHASES.map((p) => ({
      phase: p,
      title: PHASE_TITLES[p],
      complete: phaseComplete(c.checklist, c.confirmations, p),
      items: c.checklist
        .filter((i) => i.phase === p)
        .map((i) => ({
          code: i.code,
          text: i.text,
          local: i.local === true,
          confirmer: i.confirmer,
          confirmerId: memberOf(c, i.confirmer).id,
          confirmerName: memberOf(c, i.confirmer).name,
          answers: [...i.answers],
          ...(c.confirmations[i.code] ? { confirmation: c.confirmations[i.code] } : {}),
        })),
    })),
    outstanding: open,
    timeline: c.timeline,
    nextStep,
  };
}

export async function checklist(ctx: Context, input: { id: string }) {
  return checklistViewOf(await requireCase(ctx, input.id));
}

/**
 * The theatre people mean by a bare number ("the next case in theatre 2"): the theatre with that
 * code, or else the one whose code or name ends in that number (OT2, "Theatre 2"). Two such
 * theatres are a question back (400 naming them), not a guess.
 */
async function theatreCalled(ctx: Context, ref: string): Promise<string> {
  if (!/^\d+$/.test(ref) || (await findTheatre(ctx.store, ref))) return ref;
  const endsIn = (text: string) =>
    Number(/(\d+)\s*$/.exec(text)?.[1] ?? Number.NaN) === Number(ref);
  const matches = (await listTheatres(ctx.store)).filter((t) => endsIn(t.code) || endsIn(t.name));
  if (matches.length > 1)
    throw invalidField(
      'theatre',
      `theatre ${ref} could be ${matches.map((t) => `${t.code} (${t.name})`).join(' or ')}: give its code`,
    );
  return matches[0]?.code ?? ref;
}

/** The case in the theatre now, or else the next one booked in it today. */
export async function theatreChecklist(ctx: Context, input: { theatre: string }) {
  const today = localDate(ctx, ctx.now.toISOString());
  const theatre = await theatreCalled(ctx, input.theatre);
  const cases = (await casesOn(ctx.store, today)).filter((c) => c.schedule?.theatre === theatre);
  const inRoom = cases.find((c) => c.status === 'in-theatre');
  const nextUp = cases
    .filter((c) => c.status === 'scheduled')
    .sort((a, b) => a.schedule!.start.localeCompare(b.schedule!.start))[0];
  const c = inRoom ?? nextUp;
  if (!c) throw new NotFound(`No case in or booked for theatre ${theatre} today (${today})`);
  return checklistViewOf(c);
}

// ─── The timeline ─────────────────────────────────────────────────────────────────────────

/**
 * Records the next event of the case's timeline, in order, refusing the steps the checklist
 * guards until their phase is complete (409 naming the missing items). Entering the room starts
 * the case (a discharge hold on an admission; the session's late start and turnaround); leaving it
 * completes the case (charges, the hold released, the session's overrun, used minutes).
 */
export async function recordTimeline(ctx: Context, input: { id: string; event: TimelineEvent }) {
  const c = await requireCase(ctx, input.id);
  requireTeam(ctx, c);
  if (c.status !== 'scheduled' && c.status !== 'in-theatre')
    throw new Conflict(`Surgical case ${c.id} is '${c.status}'; only a booked case is timed`, {
      status: c.status,
    });
  const expected = nextTimelineEvent(c.timeline);
  if (c.timeline[input.event])
    throw new Conflict(`${input.event} was already recorded at ${c.timeline[input.event]}`);
  if (expected !== input.event)
    throw new Conflict(`${expected} comes before ${input.event}`, { next: expected });
  const guard = GUARDED_BY[input.event];
  if (guard) {
    const missing = PHASES.slice(0, PHASES.indexOf(guard) + 1).flatMap((p) =>
      outstanding(c.checklist, c.confirmations, p),
    );
    if (missing.length)
      throw new Conflict(
        `${PHASE_TITLES[guard]} is not complete: ${missing.map((i) => i.code).join(', ')}`,
        { missing: missing.map((i) => i.code) },
      );
  }
  const at = ctx.now.toISOString();
  const timeline = { ...c.timeline, [input.event]: at };
  if (input.event === 'in-room') return enterRoom(ctx, c, timeline, at);
  if (input.event === 'out-of-room') return leaveRoom(ctx, c, timeline, at);
  return commit(ctx, c, advanced(ctx, c, { timeline }));
}

async function enterRoom(
  ctx: Context,
  c: CaseRecord,
  timeline: CaseRecord['timeline'],
  at: string,
) {
  assertCaseStatus(c.status, 'in-theatre');
  const session = await requireSessionOf(ctx, c.schedule!.sessionId);
  const add: UtilisationDelta['add'] = {};
  const nextSession: SessionRecord = { ...session, version: session.version + 1 };
  if (!session.firstInRoomAt) {
    nextSession.firstInRoomAt = at;
    if (minutesBetween(session.start, at) > LATE_START_MINUTES) add.lateStarts = 1;
  } else if (session.lastOutAt) {
    add.turnarounds = 1;
    add.turnaroundMinutes = Math.max(0, minutesBetween(session.lastOutAt, at));
  }
  const writes: TxItem[] = [
    named('session', sessionPut(ctx.store, nextSession, session.version)),
    ...utilisationWrites(ctx.store, [{ date: session.date, theatre: session.theatre, add }]),
  ];
  if (c.admissionId)
    writes.push(
      named(
        'hold',
        placeDischargeHold(ctx.store, c.admissionId, holdId(c.id), {
          kind: 'theatre-case',
          description: `In theatre: ${c.procedure.text}`,
          placedAt: at,
        }),
      ),
    );
  return commit(ctx, c, advanced(ctx, c, { status: 'in-theatre', timeline }), writes);
}

async function leaveRoom(
  ctx: Context,
  c: CaseRecord,
  timeline: CaseRecord['timeline'],
  at: string,
) {
  assertCaseStatus(c.status, 'completed');
  const [session, theatre, settings] = await Promise.all([
    requireSessionOf(ctx, c.schedule!.sessionId),
    findTheatre(ctx.store, c.schedule!.theatre),
    readSettings(ctx.store),
  ]);
  const used = Math.max(1, minutesBetween(timeline['in-room']!, at));
  const overran = at > session.end && !session.overran;
  const nextSession: SessionRecord = {
    ...session,
    lastOutAt: at,
    ...(overran ? { overran: true } : {}),
    version: session.version + 1,
  };
  const next = advanced(ctx, c, { status: 'completed', timeline });
  const charges = await chargeWrites(
    ctx.store,
    chargesOf(next, {
      theatrePerMinute: theatre?.pricePerMinuteMinor ?? 0,
      anaesthesiaPerMinute: settings.anaesthesiaPricePerMinuteMinor,
      usedMinutes: used,
      anaesthesiaMinutes: Math.max(1, minutesBetween(timeline['anaesthesia-start']!, at)),
      by: actorId(ctx.actor),
      at,
    }),
  );
  emit(ctx, {
    source: THEATRE_SOURCE,
    detailType: CASE_COMPLETED,
    detail: {
      tenantId: ctx.tenantId,
      caseId: c.id,
      patientId: c.patientId,
      theatre: session.theatre,
      sessionId: session.id,
      date: session.date,
      inRoomAt: timeline['in-room'],
      outOfRoomAt: at,
      usedMinutes: used,
      bookedMinutes: minutesBetween(c.schedule!.start, c.schedule!.end),
    },
  });
  return commit(ctx, c, next, [
    named('session', sessionPut(ctx.store, nextSession, session.version)),
    ...utilisationWrites(ctx.store, [
      {
        date: session.date,
        theatre: session.theatre,
        add: { usedMinutes: used, casesCompleted: 1, ...(overran ? { overruns: 1 } : {}) },
      },
    ]),
    ...charges,
    ...(c.admissionId ? [releaseDischargeHold(ctx.store, c.admissionId, holdId(c.id))] : []),
  ]);
}

/** A completed case's charges: theatre time and anaesthesia by the minute, and the procedure. */
export function chargesOf(
  c: CaseRecord,
  p: {
    theatrePerMinute: number;
    anaesthesiaPerMinute: number;
    usedMinutes: number;
    anaesthesiaMinutes: number;
    by: string;
    at: string;
  },
): NewCharge[] {
  const base = {
    patientId: c.patientId,
    patientName: c.patientName,
    mrn: c.mrn,
    admissionId: c.admissionId,
    occurredAt: p.at,
    by: p.by,
  };
  const lines: NewCharge[] = [];
  if (p.theatrePerMinute > 0)
    lines.push({
      ...base,
      source: { type: 'theatre-case', id: `${c.id}-theatre` },
      serviceType: 'theatre',
      code: c.schedule?.theatre,
      description: `Theatre time, ${c.schedule?.theatre} (${p.usedMinutes} min)`,
      quantity: p.usedMinutes,
      unitPrice: p.theatrePerMinute,
    });
  if (c.procedurePriceMinor > 0)
    lines.push({
      ...base,
      source: { type: 'theatre-case', id: `${c.id}-procedure` },
      serviceType: 'procedure',
      code: c.procedure.icd10pcs,
      description: c.procedure.text,
      quantity: 1,
      unitPrice: c.procedurePriceMinor,
    });
  if (p.anaesthesiaPerMinute > 0)
    lines.push({
      ...base,
      source: { type: 'theatre-case', id: `${c.id}-anaesthesia` },
      serviceType: 'anaesthesia',
      description: `Anaesthesia, ${c.anaesthesiaType} (${p.anaesthesiaMinutes} min)`,
      quantity: p.anaesthesiaMinutes,
      unitPrice: p.anaesthesiaPerMinute,
    });
  return lines;
}

// ─── The operative record ─────────────────────────────────────────────────────────────────

export async function updateRecord(ctx: Context, input: z.output<typeof RecordInput>) {
  const { id, ...fields } = input;
  const c = await requireCase(ctx, id);
  requireTeam(ctx, c);
  if (c.status !== 'in-theatre' && c.status !== 'completed')
    throw new Conflict(
      `Surgical case ${c.id} is '${c.status}'; the operative record is written from the room`,
    );
  const { specimens, ...rest } = fields;
  const record = {
    ...c.record,
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
    // Specimens are added, never replaced: each one sent to the lab stays on the record.
    ...(specimens?.length
      ? { specimens: [...(c.record.specimens ?? []), ...takeSpecimens(ctx, c, specimens)] }
      : {}),
  };
  return commit(ctx, c, advanced(ctx, c, { record }));
}

export async function handover(ctx: Context, input: z.output<typeof HandoverInput>) {
  const c = await requireCase(ctx, input.id);
  requireTeam(ctx, c);
  if (c.status !== 'completed')
    throw new Conflict(
      `Surgical case ${c.id} is '${c.status}'; recovery handover follows leaving the room`,
    );
  if (c.record.recoveryHandover) throw new Conflict(`Case ${c.id} was already handed over`);
  const recoveryHandover = {
    to: input.to,
    notes: input.notes,
    by: actorId(ctx.actor),
    at: ctx.now.toISOString(),
  };
  return commit(ctx, c, advanced(ctx, c, { record: { ...c.record, recoveryHandover } }));
}
