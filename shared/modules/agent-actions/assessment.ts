/**
 * Helpers of the action types' assessments (declared in their modules' actions.ts): what most
 * proposals need to know about their patient.
 */
import { ageInYears } from '../../clinical/vitals';
import type { Context } from '../../kernel/context';
import { NotFound } from '../../kernel/errors';
import { todayIn } from '../../kernel/time/zoned-time';
import { findPatient } from '../patients';

/** Helpers of the assessments: the proposal's patient (404 when unknown) and their age today. */
export async function requirePatient(ctx: Context, id: string) {
  const patient = await findPatient(ctx.store, id);
  if (!patient) throw new NotFound(`Patient ${id} not found`);
  return patient;
}

export function ageToday(ctx: Context, dateOfBirth: string): number {
  return ageInYears(dateOfBirth, todayIn(ctx.tenant.timeZone, ctx.now));
}

/** The id of what a target operation created (most answer the created record). */
export const createdId = (output: unknown) => (output as { id: string }).id;
