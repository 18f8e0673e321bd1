/**
 * Radiology from request to report: ordering with the safety screen and an accession number,
 * answering and overriding the screen, booking a modality slot, performing and reporting.
 */
import { actorId, decidingHuman } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { refuse } from '../../kernel/decisions';
import { Conflict, NotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import type { PageRequest } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import { conditionFailed, failedConditionNames } from '../../kernel/store/conditions';
import { bookInterval, releaseInterval } from '../../kernel/store/interval-booking';
import { named, type TxItem } from '../../kernel/store/store';
import { utcToZonedParts } from '../../kernel/time/zoned-time';
import { invalidField } from '../../kernel/validation';
import type * as z from '../../kernel/zod';
import { orderChargeWrites, requireRequester, resolveSource } from '../lab';
import { findPatient } from '../patients';
import { radiologyOrderChargeLines } from './charges';
import { scannerOverrideDecision } from './decisions';
import { blockingChecks, type SafetyAnswers, safetyChecks } from './safety';
import {
  type CreateRadOrderInput,
  Procedure,
  type PutProcedureInput,
  type PutRoomInput,
  RadOrder,
  Room,
} from './schemas';
import { assertRadStatus, assertRadStep, type RadStatus, type RadStep } from './status';
import {
  findOrder,
  findProcedure,
  findRoom,
  type RadOrderRecord as OrderRecord,
  procedureItem,
  putOrder,
  RadOrderRecord,
  radKeys,
  readCatalogue,
  roomItem,
} from './store';

const answer = (o: OrderRecord): RadOrder => view(RadOrder, o);

export function getCatalogue(ctx: Context) {
  return readCatalogue(ctx.store);
}

export async function putProcedure(ctx: Context, input: z.output<typeof PutProcedureInput>) {
  const p = { ...input, updatedAt: ctx.now.toISOString() };
  await ctx.store.put({ Item: procedureItem(ctx.store, p) });
  return view(Procedure, p);
}

export async function putRoom(ctx: Context, input: z.output<typeof PutRoomInput>) {
  const r = { ...input, updatedAt: ctx.now.toISOString() };
  await ctx.store.put({ Item: roomItem(ctx.store, r) });
  return view(Room, r);
}

async function requireOrder(ctx: Context, id: string) {
  const order = await findOrder(ctx.store, id);
  if (!order) throw new NotFound(`Radiology order ${id} not found`);
  return order;
}

async function commit(ctx: Context, read: OrderRecord, next: OrderRecord, extra: TxItem[] = []) {
  try {
    await ctx.store.transact([named('order', putOrder(ctx.store, next, read.version)), ...extra]);
  } catch (err) {
    if (conditionFailed(err, 'order'))
      throw new Conflict(`Radiology order ${read.id} changed meanwhile; reload and try again`);
    if (failedConditionNames(err)?.length)
      throw new Conflict('That modality slot is already booked; choose another');
    throw err;
  }
  return answer(next);
}

function advanced(ctx: Context, o: OrderRecord, changes: Partial<OrderRecord>): OrderRecord {
  return { ...o, ...changes, version: o.version + 1, updatedAt: ctx.now.toISOString() };
}

function screened(
  ctx: Context,
  o: Pick<OrderRecord, 'procedure' | 'patientSex' | 'patientDateOfBirth' | 'safetyOverride'>,
  answers: SafetyAnswers,
) {
  const today = utcToZonedParts(ctx.now, ctx.tenant.timeZone).date;
  const checks = safetyChecks(
    o.procedure,
    { sex: o.patientSex, dateOfBirth: o.patientDateOfBirth },
    answers,
    today,
  );
  return {
    safetyAnswers: answers,
    safetyChecks: checks,
    safetyBlocked: blockingChecks(checks, o.safetyOverride).length > 0,
  };
}

/** The procedure an order names, when it is in the catalogue and active (else 400). */
export async function activeProcedure(ctx: Context, code: string) {
  const procedure = await findProcedure(ctx.store, code);
  if (!procedure?.active) throw invalidField('procedureCode', `${code} is not an active procedure`);
  return procedure;
}

/**
 * Places an order with the next accession number (taken only if the order is written); the
 * answer carries the decision-support cards of its contrast (modules/decision-support/imaging.ts).
 */
export async function createOrder(ctx: Context, input: z.output<typeof CreateRadOrderInput>) {
  const src = await resolveSource(ctx, input.source);
  const [patient, procedure] = await Promise.all([
    findPatient(ctx.store, src.patientId),
    activeProcedure(ctx, input.procedureCode),
  ]);
  if (!patient) throw new NotFound(`Patient ${src.patientId} not found`);
  const requester = await requireRequester(ctx, input.requesterId, src.doctorId);
  const at = ctx.now.toISOString();
  const base = {
    // Derived from the action's id when an approved agent action runs this (kernel/ids.ts).
    id: newId(ctx),
    source: input.source,
    patientId: patient.id,
    patientName: patient.name,
    mrn: patient.mrn,
    patientSex: patient.sex,
    patientDateOfBirth: patient.dateOfBirth,
    requesterId: requester.id,
    orderedBy: actorId(ctx.actor),
    orderedAt: at,
    status: (ctx.actor.kind === 'agent' ? 'draft' : 'active') as RadStatus,
    step: 'requested' as RadStep,
    priority: input.priority,
    clinicalQuestion: input.clinicalQuestion,
    procedure: {
      code: procedure.code,
      name: procedure.name,
      modality: procedure.modality,
      bodyPart: procedure.bodyPart,
      contrast: procedure.contrast,
      priceMinor: procedure.priceMinor,
    },
    version: 1,
    updatedAt: at,
  };
  let order: OrderRecord | undefined;
  try {
    await ctx.store.withNextCounterValue(radKeys(ctx.store).accessionCounter(), (n) => {
      order = {
        ...base,
        accession: `R${String(n).padStart(8, '0')}`,
        ...screened(ctx, base, input.safety),
      };
      return [putOrder(ctx.store, order, null), named('requester', requester.guard)];
    });
  } catch (err) {
    if (conditionFailed(err, 'requester'))
      throw new Conflict(
        `The requesting doctor ${requester.id} was deactivated or changed role meanwhile; name an active doctor`,
      );
    throw err;
  }
  // The contrast cards (decision support, loaded on demand: the rules read the patient's record).
  const cards = await (await import('../decision-support')).imagingOrderCards(
    ctx,
    patient,
    procedure,
  );
  return { ...answer(order!), cards };
}

export async function getOrder(ctx: Context, input: { id: string }) {
  return answer(await requireOrder(ctx, input.id));
}

export async function setStatus(
  ctx: Context,
  input: { id: string; status: RadStatus; reason?: string | undefined },
) {
  const order = await requireOrder(ctx, input.id);
  if (order.status === input.status) return answer(order);
  assertRadStatus(order.status, input.status);
  if (input.status === 'revoked' && order.step !== 'requested' && order.step !== 'scheduled')
    throw new Conflict(
      `Radiology order ${order.id} is '${order.step}'; mark it entered-in-error instead`,
    );
  // A revoked or voided order that was only booked gives its room's time back.
  const release: TxItem[] =
    order.step === 'scheduled' && order.schedule && input.status !== 'active'
      ? releaseInterval(ctx.store, roomCalendar(order.schedule.room), {
          id: order.id,
          start: order.schedule.start,
          end: order.schedule.end,
        })
      : [];
  return commit(
    ctx,
    order,
    advanced(ctx, order, { status: input.status, statusReason: input.reason }),
    release,
  );
}

function requireActive(order: OrderRecord) {
  if (order.status !== 'active')
    throw new Conflict(
      `Radiology order ${order.id} is '${order.status}'; only an active order is worked on`,
      {
        status: order.status,
      },
    );
}

/** Steps at which the screen is answered: before scheduling, and on the day at the scanner. */
const SCREENING_STEPS: readonly RadStep[] = ['requested', 'scheduled'];

/**
 * Records screening answers (merged with earlier ones) and re-screens, before scheduling or on the
 * day of the exam (the MR safety and pregnancy questions are asked again at the scanner). A
 * positive or unanswered question the override did not cover blocks scheduling or the start.
 */
export async function answerSafety(ctx: Context, input: SafetyAnswers & { id: string }) {
  const { id, ...answers } = input;
  const order = await requireOrder(ctx, id);
  requireActive(order);
  if (!SCREENING_STEPS.includes(order.step))
    throw new Conflict(
      `Radiology order ${order.id} is '${order.step}'; the screen is answered before the exam starts`,
    );
  const merged = { ...order.safetyAnswers, ...answers };
  return commit(ctx, order, advanced(ctx, order, screened(ctx, order, merged)));
}

/**
 * Accepts the open safety questions with a reason, which unblocks scheduling or the start; the
 * override records the answers it covered, so a later different answer blocks again. A named,
 * data-dependent check of who decides: before scheduling a doctor or a radiologist (never an
 * administrator or a key); at the scanner (a booked exam) only a radiologist, who is responsible
 * for the exposure (IR(ME)R practitioner) and for MR safety.
 */
export async function overrideSafety(ctx: Context, input: { id: string; reason: string }) {
  // Who may override at all is a kernel-checked decision of radiology.overrideSafety
  // (operations.ts); at the scanner the order's step narrows it to a radiologist.
  const decider = decidingHuman(ctx.actor);
  if (!decider) throw refuse(scannerOverrideDecision);
  const order = await requireOrder(ctx, input.id);
  requireActive(order);
  if (order.step === 'scheduled' && decider.role !== 'RADIOLOGIST')
    throw refuse(scannerOverrideDecision);
  if (!order.safetyBlocked)
    throw new Conflict(`Radiology order ${order.id} is not blocked by a safety question`);
  const override = {
    reason: input.reason,
    by: decider.id,
    at: ctx.now.toISOString(),
    covers: order.safetyChecks
      .filter((c) => c.state !== 'clear')
      .map(({ question, state }) => ({ question, state })),
    atStep: order.step,
  };
  return commit(
    ctx,
    order,
    advanced(ctx, order, { safetyOverride: override, safetyBlocked: false }),
  );
}

/** Books a slot of a room of the procedure's modality: each slot once (concurrent: one wins). */
export async function scheduleOrder(
  ctx: Context,
  input: { id: string; room: string; start: string },
) {
  const [order, room] = await Promise.all([
    requireOrder(ctx, input.id),
    findRoom(ctx.store, input.room),
  ]);
  requireActive(order);
  if (!room?.active) throw invalidField('room', `${input.room} is not an active room`);
  if (room.modality !== order.procedure.modality)
    throw invalidField(
      'room',
      `${room.code} is ${room.modality}; the procedure needs ${order.procedure.modality}`,
    );
  const start = new Date(input.start);
  const local = utcToZonedParts(start, ctx.tenant.timeZone).time;
  const [h, m] = local.split(':').map(Number) as [number, number];
  if (
    start.getUTCSeconds() !== 0 ||
    start.getUTCMilliseconds() !== 0 ||
    (h * 60 + m) % room.slotMinutes !== 0
  )
    throw invalidField('start', `must start a ${room.slotMinutes}-minute slot of ${room.code}`);
  if (start.getTime() < ctx.now.getTime()) throw invalidField('start', 'must not be in the past');
  if (order.safetyBlocked)
    throw new Conflict(
      `Radiology order ${order.id} is blocked by its safety screen (${order.safetyChecks
        .filter((c) => c.state !== 'clear')
        .map((c) => `${c.question}: ${c.state}`)
        .join(', ')}); answer the questions or have a doctor override them`,
      { safetyChecks: order.safetyChecks },
    );
  assertRadStep(order.step, 'scheduled');
  const startIso = start.toISOString();
  const schedule = {
    room: room.code,
    start: startIso,
    end: new Date(start.getTime() + room.slotMinutes * 60_000).toISOString(),
    by: actorId(ctx.actor),
  };
  // The room's time is locked as an interval, not a start time: a booking made on a 30-minute
  // grid still holds its 30 minutes after the room moves to 15-minute slots.
  const next = advanced(ctx, order, { step: 'scheduled', schedule });
  try {
    await bookInterval(
      ctx.store,
      roomCalendar(room.code),
      { id: order.id, start: schedule.start, end: schedule.end },
      [named('order', putOrder(ctx.store, next, order.version))],
      (clash) =>
        `${room.code} is already booked from ${clash.map((b) => `${b.start} to ${b.end}`).join(', ')}; choose another time`,
    );
  } catch (err) {
    if (conditionFailed(err, 'order'))
      throw new Conflict(`Radiology order ${order.id} changed meanwhile; reload and try again`);
    throw err;
  }
  return answer(next);
}

/** The bookings of a radiology room (shared/kernel/store/interval-booking; theatre books alike). */
const roomCalendar = (room: string) => ({ calendar: 'RADIOLOGY-ROOM', resource: room });

async function moveStep(
  ctx: Context,
  id: string,
  to: RadStep,
  changes: (o: OrderRecord) => Partial<OrderRecord>,
) {
  const order = await requireOrder(ctx, id);
  requireActive(order);
  assertRadStep(order.step, to);
  return commit(ctx, order, advanced(ctx, order, { step: to, ...changes(order) }));
}

/** The exam starts only while no safety question blocks it (answers given at the scanner count). */
export async function startProcedure(ctx: Context, input: { id: string }) {
  const order = await requireOrder(ctx, input.id);
  if (order.safetyBlocked)
    throw new Conflict(
      `Radiology order ${order.id} is blocked by its safety screen (${order.safetyChecks
        .filter((c) => c.state !== 'clear')
        .map((c) => `${c.question}: ${c.state}`)
        .join(', ')}); a radiologist overrides it with a reason before the exam starts`,
      { safetyChecks: order.safetyChecks },
    );
  return moveStep(ctx, input.id, 'in-progress', () => ({
    startedAt: ctx.now.toISOString(),
    performedBy: actorId(ctx.actor),
  }));
}

/** The procedure is done: its charge is written in the same transaction (once: steps move on). */
export async function completeProcedure(ctx: Context, input: { id: string }) {
  const order = await requireOrder(ctx, input.id);
  requireActive(order);
  assertRadStep(order.step, 'completed');
  const at = ctx.now.toISOString();
  const next = advanced(ctx, order, { step: 'completed', completedAt: at });
  const charges = await orderChargeWrites(
    ctx.store,
    next,
    radiologyOrderChargeLines(answer(next)),
    at,
    actorId(ctx.actor),
  );
  return commit(ctx, order, next, charges);
}

/** A preliminary report may be rewritten; a final one completes the order and takes addenda only. */
export async function reportOrder(
  ctx: Context,
  input: { id: string; findings: string; impression: string; status: 'preliminary' | 'final' },
) {
  const order = await requireOrder(ctx, input.id);
  if (order.step === 'reported')
    throw new Conflict(`Radiology order ${order.id} has a final report; add an addendum instead`);
  requireActive(order);
  if (order.step !== 'completed')
    throw new Conflict(
      `Radiology order ${order.id} is '${order.step}'; a study is reported once completed`,
      { step: order.step },
    );
  const report = {
    status: input.status,
    findings: input.findings,
    impression: input.impression,
    reportedBy: actorId(ctx.actor),
    reportedAt: ctx.now.toISOString(),
    addenda: [],
  };
  if (input.status === 'preliminary') return commit(ctx, order, advanced(ctx, order, { report }));
  assertRadStatus(order.status, 'completed');
  return commit(
    ctx,
    order,
    advanced(ctx, order, { report, step: 'reported', status: 'completed' }),
  );
}

export async function addAddendum(ctx: Context, input: { id: string; text: string }) {
  const order = await requireOrder(ctx, input.id);
  if (order.report?.status !== 'final')
    throw new Conflict(
      `Radiology order ${order.id} has no final report; addenda follow a final report`,
    );
  const addenda = [
    ...order.report.addenda,
    { text: input.text, by: actorId(ctx.actor), at: ctx.now.toISOString() },
  ];
  return commit(ctx, order, advanced(ctx, order, { report: { ...order.report, addenda } }));
}

export function worklist(ctx: Context, input: PageRequest & { list: string }) {
  return ctx.store.queryPage(
    { index: 'gsi3', partition: radKeys(ctx.store).worklist(input.list) },
    input,
    (item) => answer(RadOrderRecord.read(item)),
  );
}
