/**
 * Specimens taken in theatre become pathology orders in the lab (issue 17 item 4). The operative
 * record adds each specimen with an id of its own and emits `TheatreSpecimenTaken` in the same
 * transaction (the outbox); the specimen-orders consumer (shared/consumers/specimen-orders.ts)
 * places the order through the lab's own operation, as the case's surgeon. The order's id derives
 * from the specimen's, so a repeated delivery finds the order instead of placing a second one,
 * and the case shows the order's state by reading it from the lab.
 */
// Registers the bus as the outbox's fast path: the event goes out with the request's commit.
import '../../events/bus';
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { emit } from '../../kernel/effects';
import { derivedId, newId } from '../../kernel/ids';
import type { Store } from '../../kernel/store/store';
import { labOrderStates } from '../lab';
// THEATRE_SOURCE is read when a specimen is taken, after both modules have loaded.
import { THEATRE_SOURCE } from './cases';
import type { Specimen } from './schemas';
import { type CaseRecord, findCase, specimenProblemItem, specimenProblems } from './store';

export const SPECIMEN_TAKEN = 'TheatreSpecimenTaken';
/** The lab catalogue's test a specimen is ordered as when the team names none. */
export const DEFAULT_SPECIMEN_TEST = 'HISTO';

/** The seed of a specimen's lab order id (the consumer's id source; kernel/ids.ts). */
export const specimenOrderSeed = (specimenId: string) => `theatre-specimen:${specimenId}`;
/** The id of the lab order of a specimen: the first id its seed derives. */
export const specimenOrderId = (specimenId: string) => derivedId(specimenOrderSeed(specimenId), 1);

/** What the consumer needs to place a specimen's order (the event's detail). */
export type SpecimenTakenDetail = {
  tenantId: string;
  caseId: string;
  specimenId: string;
  labOrderId: string;
  description: string;
  testCode: string;
  source: CaseRecord['source'];
  surgeonId: string;
  procedure: string;
  priority: CaseRecord['priority'];
};

/**
 * The new specimens of an operative record update, each with its id, and their events (emitted
 * with the case's write that follows).
 */
export function takeSpecimens(
  ctx: Context,
  c: CaseRecord,
  inputs: readonly { description: string; testCode?: string | undefined }[],
): Specimen[] {
  return inputs.map((input) => {
    const id = newId(ctx);
    const specimen: Specimen = {
      id,
      description: input.description,
      testCode: input.testCode ?? DEFAULT_SPECIMEN_TEST,
      takenAt: ctx.now.toISOString(),
      takenBy: actorId(ctx.actor),
      labOrderId: specimenOrderId(id),
    };
    const detail: SpecimenTakenDetail = {
      tenantId: ctx.tenantId,
      caseId: c.id,
      specimenId: id,
      labOrderId: specimen.labOrderId,
      description: specimen.description,
      testCode: specimen.testCode,
      source: c.source,
      surgeonId: c.surgeon.id,
      procedure: c.procedure.text,
      priority: c.priority,
    };
    emit(ctx, { source: THEATRE_SOURCE, detailType: SPECIMEN_TAKEN, detail });
    return specimen;
  });
}

/** The case with each specimen's lab order state read from the lab now, or the lab's refusal. */
export async function withSpecimenOrders(store: Store, c: CaseRecord): Promise<CaseRecord> {
  const specimens = c.record.specimens;
  if (!specimens?.length) return c;
  const [states, problems] = await Promise.all([
    labOrderStates(
      store,
      specimens.map((s) => s.labOrderId),
    ),
    specimenProblems(
      store,
      specimens.map((s) => s.id),
    ),
  ]);
  return {
    ...c,
    record: {
      ...c.record,
      specimens: specimens.map((s) => {
        const order = states.get(s.labOrderId);
        const orderProblem = problems.get(s.id);
        return { ...s, ...(order ? { order } : {}), ...(orderProblem ? { orderProblem } : {}) };
      }),
    },
  };
}

/**
 * Notes why the lab refused a specimen's order (a missing catalogue test, a closed source), so the
 * team sees it on the case. It is an item of its own, not a change of the case: the consumer runs
 * at any moment, and a write of the case here would make the team's next step (out of room, the
 * handover) fail as "changed meanwhile".
 */
export async function noteSpecimenOrderProblem(
  store: Store,
  caseId: string,
  specimenId: string,
  problem: string,
  at: string,
): Promise<void> {
  const c = await findCase(store, caseId);
  if (!c?.record.specimens?.some((s) => s.id === specimenId)) return;
  await store.put({ Item: specimenProblemItem(store, { caseId, specimenId, problem, at }) });
}
