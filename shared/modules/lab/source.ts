/**
 * Where a diagnostic order comes from: an outpatient encounter or an inpatient admission. Lab and
 * radiology orders share this union and its check: the source must be open (an encounter not
 * finished, an admission in progress), and gives the patient and the doctor in charge.
 */

import type { OrderSource, SourceKind } from '../../clinical/order-source';
import type { Context } from '../../kernel/context';
import { Conflict, NotFound } from '../../kernel/errors';
import { invalidField } from '../../kernel/validation';
import { ACTIVE_ADMISSION_STATUS, findAdmission } from '../admissions';
import { findEncounter, isEncounterFinished } from '../encounters';

/** What an order needs from its source: whose care it is and the doctor in charge. */
export interface ResolvedSource {
  patientId: string;
  doctorId: string;
}

type Resolver = (ctx: Context, id: string) => Promise<ResolvedSource>;

async function fromEncounter(ctx: Context, id: string): Promise<ResolvedSource> {
  const encounter = await findEncounter(ctx.store, id);
  if (!encounter) throw new NotFound(`Encounter ${id} not found`);
  if (isEncounterFinished(encounter.status))
    throw new Conflict(
      `Encounter ${id} is '${encounter.status}'; orders are placed from an open encounter`,
    );
  return { patientId: encounter.patientId, doctorId: encounter.doctorId };
}

async function fromAdmission(ctx: Context, id: string): Promise<ResolvedSource> {
  const admission = await findAdmission(ctx.store, id);
  if (!admission) throw new NotFound(`Admission ${id} not found`);
  if (admission.status !== ACTIVE_ADMISSION_STATUS)
    throw new Conflict(
      `Admission ${id} is '${admission.status}'; orders are placed during an admission in progress`,
    );
  return { patientId: admission.patientId, doctorId: admission.doctorId };
}

/** Resolvers by source kind. */
export const SOURCE_RESOLVERS: Partial<Record<SourceKind, Resolver>> = {
  encounter: fromEncounter,
  admission: fromAdmission,
};

export function resolveSource(ctx: Context, source: OrderSource): Promise<ResolvedSource> {
  const resolver = SOURCE_RESOLVERS[source.kind];
  if (!resolver)
    throw invalidField('source.kind', `orders from an ${source.kind} are not available yet`);
  return resolver(ctx, source.id);
}
