/**
 * Lab orders from request to report: ordering (with the duplicate check), collection with a
 * gap-free accession number, rejection and recollection, result entry with automatic flags,
 * verification by a second person, amendments, critical alerts and the worklists.
 */
import { randomUUID } from 'node:crypto';
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { refuse } from '../../kernel/decisions';
import { Conflict, NotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import type { PageRequest } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import { conditionFailed, failedConditionNames } from '../../kernel/store/conditions';
import { named, type TxItem } from '../../kernel/store/store';
import { updateItem } from '../../kernel/store/update';
import { utcToZonedParts } from '../../kernel/time/zoned-time';
import { invalidField } from '../../kernel/validation';
import type * as z from '../../kernel/zod';
import {
  ACTIVE_ADMISSION_STATUS,
  findAdmission,
  placeDischargeHold,
  releaseDischargeHold,
} from '../admissions';
import { findPatient } from '../patients';
import { countToday, turnaroundCounters, turnaroundMinutes } from '../reports/index';
import { labOrderChargeLines, orderChargeWrites } from './charges';
import { secondPersonDecision } from './decisions';
import { emitCriticalResult } from './events';
import {
  flagCoded,
  flagNumeric,
  isCritical,
  sameUnit,
  selectCriticalLimits,
  selectRange,
} from './ranges';
import { requireRequester } from './requester';
import {
  type CreateLabOrderInput,
  CriticalAlert,
  type EnterResultsInput,
  LabOrder,
  type LabResult,
  type OrderedItem,
  type RejectSpecimenInput,
} from './schemas';
import { resolveSource } from './source';
import { assertOrderTransition, assertStep, type OrderStatus } from './status';
import {
  alertItem,
  CriticalAlertRecord,
  findOrder,
  type LabOrderRecord,
  labKeys,
  LabOrderRecord as OrderRecord,
  orderAlerts,
  putOrder,
  readCatalogue,
} from './store';

type LabTestDef = Awaited<ReturnType<typeof readCatalogue>>['tests'][number];

const answer = (o: LabOrderRecord): LabOrder => view(LabOrder, o);

export async function requireOrder(ctx: Context, id: string): Promise<LabOrderRecord> {
  const order = await findOrder(ctx.store, id);
  if (!order) throw new NotFound(`Lab order ${id} not found`);
  return order;
}

/** Commits the order's next state (and any extra writes), turning a lost race into a 409. */
async function commit(
  ctx: Context,
  read: LabOrderRecord,
  next: LabOrderRecord,
  extra: TxItem[] = [],
) {
  try {
    await ctx.store.transact([named('order', putOrder(ctx.store, next, read.version)), ...extra]);
  } catch (err) {
    if (conditionFailed(err, 'order'))
      throw new Conflict(`Lab order ${read.id} changed meanwhile; reload and try again`);
    throw err;
  }
  return answer(next);
}

function advanced(
  ctx: Context,
  o: LabOrderRecord,
  changes: Partial<LabOrderRecord>,
): LabOrderRecord {
  return { ...o, ...changes, version: o.version + 1, updatedAt: ctx.now.toISOString() };
}

/** The tests and panels ordered, expanded and checked against the catalogue. */
function expandCodes(
  codes: readonly string[],
  catalogue: Awaited<ReturnType<typeof readCatalogue>>,
) {
  const tests = new Map(catalogue.tests.filter((t) => t.active).map((t) => [t.code, t]));
  const panels = new Map(catalogue.panels.filter((p) => p.active).map((p) => [p.code, p]));
  const items: OrderedItem[] = [];
  for (const code of new Set(codes)) {
    const panel = panels.get(code);
    const test = tests.get(code);
    if (panel) {
      const missing = panel.tests.filter((c) => !tests.has(c));
      if (missing.length)
        throw invalidField(
          'codes',
          `panel ${code} includes inactive or unknown tests: ${missing.join(', ')}`,
        );
      items.push({
        kind: 'panel',
        code,
        codeSystem: panel.codeSystem,
        name: panel.name,
        priceMinor: panel.priceMinor,
        tests: panel.tests,
      });
    } else if (test) {
      items.push({
        kind: 'test',
        code,
        codeSystem: test.codeSystem,
        name: test.name,
        priceMinor: test.priceMinor,
        tests: [code],
      });
    } else {
      throw invalidField('codes', `${code} is not an active test or panel of the catalogue`);
    }
  }
  const testCodes = [...new Set(items.flatMap((i) => i.tests))];
  const defs = testCodes.map((c) => tests.get(c)!);
  const kinds = new Set(defs.map((d) => `${d.specimenType} in ${d.container}`));
  if (kinds.size > 1)
    throw invalidField(
      'codes',
      `the tests need different specimens (${[...kinds].join('; ')}); order them separately, one order per specimen`,
    );
  return { items, defs };
}

const LIVE: readonly OrderStatus[] = ['draft', 'active', 'on-hold'];

/** Live orders of the patient with one of these tests, placed within that test's window. */
async function duplicatesOf(ctx: Context, patientId: string, defs: readonly LabTestDef[]) {
  const widest = Math.max(...defs.map((d) => d.duplicateWindowHours));
  if (widest <= 0) return [];
  const from = new Date(ctx.now.getTime() - widest * 3_600_000).toISOString();
  const items = await ctx.store.query({
    index: 'gsi2',
    partition: labKeys(ctx.store).byPatient(patientId),
    range: { between: [from, '9999'] },
  });
  const now = ctx.now.getTime();
  return items
    .map((i) => OrderRecord.read(i))
    .filter((o) => LIVE.includes(o.status))
    .flatMap((o) => {
      const tests = defs.filter(
        (d) =>
          o.items.some((i) => i.tests.includes(d.code)) &&
          now - Date.parse(o.orderedAt) <= d.duplicateWindowHours * 3_600_000,
      );
      return tests.length
        ? [{ orderId: o.id, orderedAt: o.orderedAt, tests: tests.map((t) => t.code) }]
        : [];
    });
}

/**
 * Places an order (FHIR ServiceRequest). A person or a system run acting for one places it
 * `active`; an agent's order is a `draft` until a doctor activates it. An active order for the
 * same test and patient within the test's window answers 409 unless `confirmDuplicate`.
 */
export async function createOrder(ctx: Context, input: z.output<typeof CreateLabOrderInput>) {
  const src = await resolveSource(ctx, input.source);
  const [patient, catalogue] = await Promise.all([
    findPatient(ctx.store, src.patientId),
    readCatalogue(ctx.store),
  ]);
  if (!patient) throw new NotFound(`Patient ${src.patientId} not found`);
  const { items, defs } = expandCodes(input.codes, catalogue);
  const duplicates = await duplicatesOf(ctx, patient.id, defs);
  if (duplicates.length && !input.confirmDuplicate)
    throw new Conflict(
      `Patient ${patient.mrn} already has a live order for ${[...new Set(duplicates.flatMap((d) => d.tests))].join(', ')} ` +
        `(order ${duplicates.map((d) => d.orderId).join(', ')}); send confirmDuplicate: true to order again`,
      { duplicates },
    );
  const requester = await requireRequester(ctx, input.requesterId, src.doctorId);
  const at = ctx.now.toISOString();
  const order: LabOrderRecord = {
    // Derived from the action's id when an approved agent action runs this (kernel/ids.ts).
    id: newId(ctx),
    source: input.source,
    patientId: patient.id,
    patientName: patient.name,
    mrn: patient.mrn,
    patientSex: patient.sex,
    patientDateOfBirth: patient.dateOfBirth,
    pregnant: input.pregnant,
    requesterId: requester.id,
    orderedBy: actorId(ctx.actor),
    orderedAt: at,
    status: ctx.actor.kind === 'agent' ? 'draft' : 'active',
    step: 'awaiting-collection',
    priority: input.priority,
    clinicalNotes: input.clinicalNotes,
    items,
    specimenType: defs[0]!.specimenType,
    container: defs[0]!.container,
    duplicateOf: duplicates.length ? duplicates.map((d) => d.orderId) : undefined,
    specimens: [],
    reportStatus: 'registered',
    results: [],
    version: 1,
    updatedAt: at,
  };
  try {
    await ctx.store.transact([
      named('order', putOrder(ctx.store, order, null)),
      named('requester', requester.guard),
      ...dischargeHoldWrites(ctx, order, 'place').map((w) => named('admission', w)),
    ]);
  } catch (err) {
    if (conditionFailed(err, 'requester'))
      throw new Conflict(
        `The requesting doctor ${requester.id} was deactivated or changed role meanwhile; name an active doctor`,
      );
    if (conditionFailed(err, 'admission'))
      throw new Conflict(
        `Admission ${order.source.id} ended while the order was being placed; orders are placed during an admission in progress`,
      );
    throw err;
  }
  return answer(order);
}

/** A lab order blocks its admission's discharge while it is live (active or on hold). */
const HOLDING: readonly OrderStatus[] = ['active', 'on-hold'];
const holdId = (order: Pick<LabOrderRecord, 'id'>) => `lab-order-${order.id}`;

/**
 * The discharge hold of an order from an admission: placed when the order becomes live (the
 * admission must still be in progress), released when it is completed (verified report), revoked
 * or entered in error. A result may come after discharge; releasing is then harmless.
 */
function dischargeHoldWrites(
  ctx: Context,
  order: LabOrderRecord,
  change: 'place' | 'release',
): TxItem[] {
  if (order.source.kind !== 'admission') return [];
  if (change === 'release')
    return [releaseDischargeHold(ctx.store, order.source.id, holdId(order))];
  if (!HOLDING.includes(order.status)) return [];
  return [
    placeDischargeHold(ctx.store, order.source.id, holdId(order), {
      kind: 'lab order',
      description: `${order.items.map((i) => i.name).join(', ')} ordered ${order.orderedAt.slice(0, 10)}, not yet reported: verify, revoke or void it first`,
      placedAt: ctx.now.toISOString(),
    }),
  ];
}

/** The hold writes of a status change: live → not live releases; draft → live places. */
async function holdChange(ctx: Context, before: LabOrderRecord, after: LabOrderRecord) {
  const wasLive = HOLDING.includes(before.status);
  const isLive = HOLDING.includes(after.status);
  if (wasLive && !isLive) return dischargeHoldWrites(ctx, after, 'release');
  if (!wasLive && isLive && after.source.kind === 'admission') {
    const admission = await findAdmission(ctx.store, after.source.id);
    if (admission?.status === ACTIVE_ADMISSION_STATUS)
      return dischargeHoldWrites(ctx, after, 'place');
  }
  return [];
}

export async function getOrder(ctx: Context, input: { id: string }) {
  return answer(await requireOrder(ctx, input.id));
}

/** Activate a draft, hold, resume, revoke or void an order: a doctor's decision. */
export async function setOrderStatus(
  ctx: Context,
  input: { id: string; status: OrderStatus; reason?: string | undefined },
) {
  const order = await requireOrder(ctx, input.id);
  if (order.status === input.status) return answer(order);
  assertOrderTransition(order.status, input.status);
  if (input.status === 'revoked' && order.step === 'reported')
    throw new Conflict(
      `Lab order ${order.id} is already reported; mark it entered-in-error instead`,
    );
  const next = advanced(ctx, order, { status: input.status, statusReason: input.reason });
  return commit(ctx, order, next, await holdChange(ctx, order, next));
}

function requireWorkable(order: LabOrderRecord): void {
  if (order.status !== 'active')
    throw new Conflict(
      `Lab order ${order.id} is '${order.status}'; only an active order is worked on`,
      {
        status: order.status,
      },
    );
}

/** Records a specimen with the next accession number; the number is taken only if the write succeeds. */
export async function collectSpecimen(
  ctx: Context,
  input: { id: string; collectedAt?: string | undefined },
) {
  const order = await requireOrder(ctx, input.id);
  requireWorkable(order);
  assertStep(order.step, 'awaiting-entry');
  const collectedAt = input.collectedAt ? new Date(input.collectedAt) : ctx.now;
  if (collectedAt.getTime() > ctx.now.getTime() + 60_000)
    throw invalidField('collectedAt', 'must not be in the future');
  if (collectedAt.getTime() < Date.parse(order.orderedAt) - 60_000)
    throw invalidField('collectedAt', 'must not be before the order was placed');
  let next: LabOrderRecord | undefined;
  try {
    await ctx.store.withNextCounterValue(labKeys(ctx.store).accessionCounter(), (n) => {
      next = advanced(ctx, order, {
        step: 'awaiting-entry',
        specimens: [
          ...order.specimens,
          {
            accession: `L${String(n).padStart(8, '0')}`,
            specimenType: order.specimenType,
            container: order.container,
            status: 'available',
            collectedAt: collectedAt.toISOString(),
            collectedBy: actorId(ctx.actor),
          },
        ],
      });
      return [named('order', putOrder(ctx.store, next, order.version))];
    });
  } catch (err) {
    if (conditionFailed(err, 'order'))
      throw new Conflict(`Lab order ${order.id} changed meanwhile; reload and try again`);
    throw err;
  }
  return answer(next!);
}

/** Rejects the current specimen (haemolysed, insufficient, mislabelled…): the order goes back for recollection. */
export async function rejectSpecimen(ctx: Context, input: z.output<typeof RejectSpecimenInput>) {
  const order = await requireOrder(ctx, input.id);
  requireWorkable(order);
  const current = order.specimens.at(-1);
  if (!current || current.accession !== input.accession || current.status !== 'available')
    throw new Conflict(`Specimen ${input.accession} is not the order's current specimen`);
  if (order.results.length)
    throw new Conflict(
      `Lab order ${order.id} already has results; amend them instead of rejecting the specimen`,
    );
  assertStep(order.step, 'awaiting-collection');
  const rejected = {
    ...current,
    status: 'unsatisfactory' as const,
    rejectionReason: input.reason,
    rejectionNote: input.note,
    rejectedBy: actorId(ctx.actor),
    rejectedAt: ctx.now.toISOString(),
  };
  return commit(
    ctx,
    order,
    advanced(ctx, order, {
      step: 'awaiting-collection',
      specimens: [...order.specimens.slice(0, -1), rejected],
    }),
  );
}

/**
 * A numeric value in the test's unit: as entered when no unit is given or it is the test's own,
 * else converted with the test's conversion for that unit; any other unit is refused (400 naming
 * the entry's unit), never flagged against the wrong scale.
 */
function inTestUnit(
  def: LabTestDef,
  entry: { value: number; unit?: string | undefined },
  field: string,
): { value: number; reported?: { value: number; unit: string } } {
  if (!entry.unit || !def.unit || sameUnit(entry.unit, def.unit)) return { value: entry.value };
  const conversion = def.unitConversions.find((c) => sameUnit(c.unit, entry.unit!));
  if (!conversion)
    throw invalidField(
      `${field}.unit`,
      `${entry.unit} is not a unit of ${def.name}: send ${[def.unit, ...def.unitConversions.map((c) => c.unit)].join(' or ')}`,
    );
  return {
    value: entry.value * conversion.factor,
    reported: { value: entry.value, unit: entry.unit },
  };
}

/**
 * The value of an entry, its flag, the band and critical limits it was judged by, for this
 * patient at collection. A value outside the test's plausible limits is a typing or unit error
 * (sodium 14000 for 140.00, a negative potassium) and is refused, 400 naming the value, unless the
 * entry confirms it with a reason, which is recorded with the result.
 */
function evaluate(
  ctx: Context,
  order: LabOrderRecord,
  def: LabTestDef,
  entry: {
    value?: number | undefined;
    valueCode?: string | undefined;
    unit?: string | undefined;
    confirmImplausible?: string | undefined;
  },
  field: string,
) {
  if (def.resultType === 'numeric') {
    if (entry.value === undefined)
      throw invalidField(`${field}.value`, `${def.code} is numeric: give value`);
    const converted = inTestUnit(def, { value: entry.value, unit: entry.unit }, field);
    const factor = 10 ** def.decimals;
    const value = Math.round(converted.value * factor) / factor;
    const plausible = def.plausible;
    const implausible = plausible && (value < plausible.low || value > plausible.high);
    if (implausible && !entry.confirmImplausible)
      throw invalidField(
        `${field}.value`,
        `${value} ${def.unit ?? ''} is outside the plausible limits of ${def.name} (${plausible.low}–${plausible.high} ${def.unit ?? ''}); check the value and its unit, or confirm it with confirmImplausible and a reason`,
      );
    const collected = order.specimens.at(-1)!.collectedAt;
    const on = utcToZonedParts(new Date(collected), ctx.tenant.timeZone).date;
    const patient = {
      sex: order.patientSex,
      dateOfBirth: order.patientDateOfBirth,
      pregnant: order.pregnant,
    };
    const range = selectRange(def.ranges, patient, on);
    const criticalLimits = selectCriticalLimits(def.critical, patient, on);
    return {
      value,
      flag: flagNumeric(value, range, criticalLimits),
      range,
      criticalLimits,
      reported: converted.reported,
      implausibleConfirmed: implausible
        ? { reason: entry.confirmImplausible!, by: actorId(ctx.actor), at: ctx.now.toISOString() }
        : undefined,
    };
  }
  if (entry.valueCode === undefined)
    throw invalidField(`${field}.valueCode`, `${def.code} is coded: give valueCode`);
  const answer = def.answers.find((a) => a.code === entry.valueCode);
  if (!answer)
    throw invalidField(
      `${field}.valueCode`,
      `must be one of: ${def.answers.map((a) => a.code).join(', ')}`,
    );
  return {
    valueCode: answer.code,
    valueDisplay: answer.display,
    flag: flagCoded(answer.code, def.answers),
  };
}

function alertFor(ctx: Context, order: LabOrderRecord, r: LabResult) {
  return alertItem(ctx.store, {
    id: randomUUID(),
    orderId: order.id,
    patientId: order.patientId,
    patientName: order.patientName,
    mrn: order.mrn,
    doctorId: order.requesterId,
    testCode: r.code,
    testName: r.name,
    value: r.value,
    valueCode: r.valueCode,
    unit: r.unit,
    flag: r.flag!,
    raisedAt: ctx.now.toISOString(),
    raisedBy: actorId(ctx.actor),
  });
}

async function testDefinitions(ctx: Context) {
  const { tests } = await readCatalogue(ctx.store);
  return new Map(tests.map((t) => [t.code, t]));
}

/**
 * Enters (or, before verification, corrects) results. Each is flagged from the band fitting the
 * patient's sex and age at collection; a critical one raises an alert for the requesting doctor in
 * the same transaction. With every test resulted the report awaits verification.
 */
export async function enterResults(ctx: Context, input: z.output<typeof EnterResultsInput>) {
  const order = await requireOrder(ctx, input.id);
  if (order.step === 'reported')
    throw new Conflict(`Lab order ${order.id} is reported; amend a result instead`);
  requireWorkable(order);
  if (order.step !== 'awaiting-entry' && order.step !== 'awaiting-verification')
    throw new Conflict(`Lab order ${order.id} has no specimen yet; collect one first`, {
      step: order.step,
    });
  const ordered = new Set(order.items.flatMap((i) => i.tests));
  const defs = await testDefinitions(ctx);
  const at = ctx.now.toISOString();
  const by = actorId(ctx.actor);
  const results = [...order.results];
  const alerts: TxItem[] = [];
  const seen = new Set<string>();
  input.results.forEach((entry, i) => {
    const field = `results.${i}`;
    if (!ordered.has(entry.code))
      throw invalidField(`${field}.code`, `${entry.code} is not a test of this order`);
    if (seen.has(entry.code)) throw invalidField(`${field}.code`, `${entry.code} is given twice`);
    seen.add(entry.code);
    const def = defs.get(entry.code);
    if (!def) throw invalidField(`${field}.code`, `${entry.code} is no longer in the catalogue`);
    const evaluated = evaluate(ctx, order, def, entry, field);
    const previous = results.findIndex((r) => r.code === entry.code);
    const prior = previous >= 0 ? results[previous] : undefined;
    const result: LabResult = {
      code: def.code,
      name: def.name,
      resultType: def.resultType,
      unit: def.unit,
      status: 'preliminary',
      ...evaluated,
      enteredBy: by,
      enteredAt: at,
      history: prior
        ? [...prior.history, revisionOf(prior, by, at, 'corrected before verification')]
        : [],
    };
    if (prior) results[previous] = result;
    else results.push(result);
    if (isCritical(result.flag)) {
      const alert = alertFor(ctx, order, result);
      alerts.push({ Put: { Item: alert } });
      emitCriticalResult(ctx, {
        alertId: String(alert.id),
        orderId: order.id,
        patientId: order.patientId,
        mrn: order.mrn,
        requesterId: order.requesterId,
        testCode: result.code,
        testName: result.name,
        raisedAt: at,
      });
    }
  });
  const complete = [...ordered].every((c) => results.some((r) => r.code === c));
  const step = complete ? 'awaiting-verification' : 'awaiting-entry';
  if (step !== order.step) assertStep(order.step, step);
  return commit(
    ctx,
    order,
    advanced(ctx, order, { results, step, reportStatus: complete ? 'preliminary' : 'partial' }),
    alerts,
  );
}

function revisionOf(r: LabResult, by: string, at: string, reason?: string) {
  return {
    value: r.value,
    valueCode: r.valueCode,
    flag: r.flag,
    enteredBy: r.enteredBy,
    enteredAt: r.enteredAt,
    replacedBy: by,
    replacedAt: at,
    reason,
  };
}

/**
 * Results are verified by a second person: whoever entered a result of the order may not verify
 * it (depends on the order's results). Declared on lab.verify (operations.ts).
 */
/** Makes the report final. The verifier must not have entered any of its results. */
export async function verifyOrder(ctx: Context, input: { id: string }) {
  const order = await requireOrder(ctx, input.id);
  requireWorkable(order);
  const by = actorId(ctx.actor);
  if (order.results.some((r) => r.enteredBy === by)) throw refuse(secondPersonDecision);
  assertStep(order.step, 'reported');
  const at = ctx.now.toISOString();
  assertOrderTransition(order.status, 'completed');
  const next = advanced(ctx, order, {
    step: 'reported',
    status: 'completed',
    reportStatus: 'final',
    results: order.results.map((r) => ({ ...r, status: 'final' as const })),
    verifiedBy: by,
    verifiedAt: at,
  });
  // Reports: the turnaround of each test rides in the same transaction (reports/turnaround.ts).
  countToday(
    ctx,
    'lab-turnaround',
    turnaroundCounters(
      turnaroundMinutes(order.orderedAt, at),
      order.items.map((i) => i.code),
      order.priority,
    ),
  );
  // Billing: the tests are charged with the final report, in the same transaction.
  const charges = await orderChargeWrites(
    ctx.store,
    next,
    labOrderChargeLines(answer(next)),
    at,
    by,
  );
  return commit(ctx, order, next, [...charges, ...(await holdChange(ctx, order, next))]);
}

/** Changes a reported result; the previous value, who entered it and who changed it are kept. */
export async function amendResult(
  ctx: Context,
  input: {
    id: string;
    code: string;
    value?: number | undefined;
    valueCode?: string | undefined;
    unit?: string | undefined;
    confirmImplausible?: string | undefined;
    reason: string;
  },
) {
  const order = await requireOrder(ctx, input.id);
  if (order.step !== 'reported')
    throw new Conflict(`Lab order ${order.id} is not reported yet; enter the result again instead`);
  const index = order.results.findIndex((r) => r.code === input.code);
  if (index < 0) throw invalidField('code', `${input.code} has no result on this order`);
  const prior = order.results[index]!;
  const def = (await testDefinitions(ctx)).get(input.code);
  if (!def) throw invalidField('code', `${input.code} is no longer in the catalogue`);
  const at = ctx.now.toISOString();
  const by = actorId(ctx.actor);
  const evaluated = evaluate(ctx, order, def, input, 'input');
  const amended: LabResult = {
    ...prior,
    value: undefined,
    valueCode: undefined,
    valueDisplay: undefined,
    range: undefined,
    criticalLimits: undefined,
    reported: undefined,
    implausibleConfirmed: undefined,
    ...evaluated,
    status: 'amended',
    enteredBy: by,
    enteredAt: at,
    history: [...prior.history, revisionOf(prior, by, at, input.reason)],
  };
  const results = order.results.map((r, i) => (i === index ? amended : r));
  const alerts: TxItem[] = isCritical(amended.flag)
    ? [{ Put: { Item: alertFor(ctx, order, amended) } }]
    : [];
  return commit(ctx, order, advanced(ctx, order, { results, reportStatus: 'amended' }), alerts);
}

export function worklist(ctx: Context, input: PageRequest & { list: string }) {
  return ctx.store.queryPage(
    { index: 'gsi3', partition: labKeys(ctx.store).worklist(input.list) },
    input,
    (item) => answer(OrderRecord.read(item)),
  );
}

/** Critical results nobody has acknowledged yet, oldest first. */
export function openCriticalAlerts(ctx: Context, input: PageRequest) {
  return ctx.store.queryPage(
    { index: 'gsi3', partition: labKeys(ctx.store).worklist('critical') },
    input,
    (item) => view(CriticalAlert, CriticalAlertRecord.read(item)),
  );
}

export async function acknowledgeAlert(
  ctx: Context,
  input: { id: string; alertId: string; note?: string | undefined },
) {
  const alert = (await orderAlerts(ctx.store, input.id)).find((a) => a.id === input.alertId);
  if (!alert)
    throw new NotFound(`Critical alert ${input.alertId} of lab order ${input.id} not found`);
  if (alert.acknowledgedAt)
    throw new Conflict(`Critical alert ${alert.id} was acknowledged by ${alert.acknowledgedBy}`);
  const acknowledged = {
    ...alert,
    acknowledgedAt: ctx.now.toISOString(),
    acknowledgedBy: actorId(ctx.actor),
    acknowledgementNote: input.note,
  };
  try {
    await ctx.store.transact([
      {
        Update: updateItem(
          labKeys(ctx.store).alert(alert.orderId, alert.raisedAt, alert.id),
          {
            set: {
              acknowledgedAt: acknowledged.acknowledgedAt,
              acknowledgedBy: acknowledged.acknowledgedBy,
              acknowledgementNote: input.note,
            },
            remove: ['gsi3pk', 'gsi3sk'],
          },
          { expression: 'attribute_exists(pk) AND attribute_not_exists(acknowledgedAt)' },
        ),
      },
    ]);
  } catch (err) {
    if (failedConditionNames(err)?.length)
      throw new Conflict(`Critical alert ${alert.id} was acknowledged meanwhile`);
    throw err;
  }
  return view(CriticalAlert, acknowledged);
}

/** The patient must exist: a list of an unknown patient is 404, as the patient itself is. */
async function requirePatient(ctx: Context, id: string) {
  const patient = await findPatient(ctx.store, id);
  if (!patient) throw new NotFound(`Patient ${id} not found`);
  return patient;
}

export async function patientOrders(ctx: Context, input: PageRequest & { patientId: string }) {
  await requirePatient(ctx, input.patientId);
  return ctx.store.queryPage(
    { index: 'gsi2', partition: labKeys(ctx.store).byPatient(input.patientId), newestFirst: true },
    input,
    (item) => answer(OrderRecord.read(item)),
  );
}

/**
 * The cumulative report: the patient's last 100 orders with results, one column per order
 * (by collection, newest first) and one row per test. One Query.
 */
export async function cumulativeResults(ctx: Context, input: { patientId: string }) {
  await requirePatient(ctx, input.patientId);
  const page = await ctx.store.queryPage(
    { index: 'gsi2', partition: labKeys(ctx.store).byPatient(input.patientId), newestFirst: true },
    { limit: 100 },
    (item) => OrderRecord.read(item),
  );
  const orders = page.items.filter((o) => o.results.length && o.status !== 'entered-in-error');
  const rows = new Map<
    string,
    { code: string; name: string; unit?: string | undefined; cells: unknown[] }
  >();
  orders.forEach((o, col) => {
    for (const r of o.results) {
      const row = rows.get(r.code) ?? {
        code: r.code,
        name: r.name,
        unit: r.unit,
        cells: orders.map(() => null),
      };
      row.cells[col] = {
        value: r.value,
        valueDisplay: r.valueDisplay,
        flag: r.flag,
        status: r.status,
      };
      rows.set(r.code, row);
    }
  });
  return {
    patientId: input.patientId,
    columns: orders.map((o) => ({
      orderId: o.id,
      collectedAt: o.specimens.at(-1)?.collectedAt ?? o.orderedAt,
      reportStatus: o.reportStatus,
    })),
    rows: [...rows.values()] as never,
  };
}
