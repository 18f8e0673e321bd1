/**
 * The specimen-orders consumer (issue 17 item 4): a `TheatreSpecimenTaken` event becomes a
 * pathology order in the lab, placed through the lab's own operation (`lab.order`: access, input
 * validation, the source and requester checks and its transaction) by the system on behalf of the
 * case's surgeon, who is the orderer and receives the results.
 *
 * Exactly once, however often the event is delivered: the order's id derives from the specimen's
 * id (kernel/ids.ts), so a later delivery finds the order and stops, and two deliveries at once
 * cannot both write it (the order's put is conditional on its id being new; the loser throws and
 * its retry finds the order). A refusal by the lab (no such test in the catalogue, the source
 * closed) is no transient failure: it is noted on the case's specimen with what to do, and not
 * retried.
 */
import type { SystemActor } from '../kernel/actor';
import type { Context } from '../kernel/context';
import { AppError, type ErrorCode, toAppError } from '../kernel/errors';
import { derivedIds } from '../kernel/ids';
import { invokeOperation } from '../kernel/invoke';
import type { Logger } from '../kernel/log';
import type { Store } from '../kernel/store/store';
import * as lab from '../modules/lab/operations';
import { findTenantInfo } from '../modules/tenants/index';
import {
  noteSpecimenOrderProblem,
  type SpecimenTakenDetail,
  specimenOrderSeed,
} from '../modules/theatre/index';

export const SPECIMEN_ORDERS_JOB = 'theatre.specimen-orders';

export type SpecimenOrderOutcome =
  | { outcome: 'placed' | 'already-placed'; orderId: string }
  | { outcome: 'refused'; orderId: string; problem: string };

/** NCEPOD urgency to the lab's priority: an immediate or urgent case's specimen is urgent. */
const LAB_PRIORITY = {
  immediate: 'urgent',
  urgent: 'urgent',
  expedited: 'routine',
  elective: 'routine',
} as const;

const TRANSIENT: readonly ErrorCode[] = ['internal', 'unavailable', 'rate_limited'];

export async function placeSpecimenOrder(
  store: Store,
  detail: SpecimenTakenDetail,
  env: { now: Date; requestId: string; log: Logger },
): Promise<SpecimenOrderOutcome> {
  const tenant = await findTenantInfo(store);
  if (!tenant) throw new Error(`tenant ${detail.tenantId} not found`);
  const actor: SystemActor = {
    kind: 'system',
    job: SPECIMEN_ORDERS_JOB,
    onBehalfOf: { kind: 'user', id: detail.surgeonId, role: 'DOCTOR' },
  };
  const ctx: Context = {
    now: env.now,
    requestId: env.requestId,
    log: env.log,
    transport: 'event',
    actor,
    tenant,
    tenantId: detail.tenantId,
    store,
    ids: derivedIds(specimenOrderSeed(detail.specimenId)),
  };
  try {
    await invokeOperation(lab.get, ctx, { id: detail.labOrderId });
    return { outcome: 'already-placed', orderId: detail.labOrderId };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'not_found') throw err;
  }
  try {
    const order = await invokeOperation(lab.order, ctx, {
      source: detail.source,
      codes: [detail.testCode],
      priority: LAB_PRIORITY[detail.priority],
      clinicalNotes: `Specimen from theatre: ${detail.description} (${detail.procedure}, case ${detail.caseId})`,
      // Each specimen is its own sample: two from one operation are not duplicates of each other.
      confirmDuplicate: true,
      requesterId: detail.surgeonId,
    });
    return { outcome: 'placed', orderId: order.id };
  } catch (err) {
    const appError = toAppError(err);
    // Internal errors (a lost race included) and outages are retried by the rule; refusals are
    // the case's to mend.
    if (TRANSIENT.includes(appError.code)) throw err;
    const problem = `The lab refused the order: ${appError.message}. Fix it, then record the specimen again.`;
    await noteSpecimenOrderProblem(
      store,
      detail.caseId,
      detail.specimenId,
      problem,
      env.now.toISOString(),
    );
    return { outcome: 'refused', orderId: detail.labOrderId, problem };
  }
}
