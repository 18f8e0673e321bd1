import { type Actor, authorityOf } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { defineDecision, refuse } from '../../kernel/decisions';
import { Conflict, NotFound } from '../../kernel/errors';
import type { PageRequest } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import { conditionFailed, isConditionFailure } from '../../kernel/store/conditions';
import { named } from '../../kernel/store/store';
import { updateItem } from '../../kernel/store/update';
import type * as z from '../../kernel/zod';
import { departmentExists, findDepartment } from '../departments';
import { findUser, userIsActiveWith } from '../users';
import type { WeeklySchedule } from './schedule';
import { type CreateDoctorInput, Doctor } from './schemas';
import { DoctorRecord, doctorItem, doctorKeys, findDoctor } from './store';

export async function createDoctor(ctx: Context, input: z.output<typeof CreateDoctorInput>) {
  const user = await findUser(ctx.store, input.userId);
  if (!user) throw new NotFound(`User ${input.userId} not found`);
  if (user.role !== 'DOCTOR') {
    throw new Conflict(
      `User ${user.id} has role ${user.role}; only users with role DOCTOR can have a doctor profile (change the role with users.update first)`,
      { field: 'userId' },
    );
  }
  if (!user.active)
    throw new Conflict(
      `User ${user.id} is deactivated; reactivate them before creating a doctor profile`,
      { field: 'userId' },
    );
  const dept = await findDepartment(ctx.store, input.departmentId);
  if (!dept) throw new NotFound(`Department ${input.departmentId} not found`);

  const createdAt = ctx.now.toISOString();
  const doctor: DoctorRecord = {
    id: user.id,
    userId: user.id,
    tenantId: ctx.tenantId,
    name: user.name,
    email: user.email,
    departmentId: dept.id,
    departmentName: dept.name,
    specialty: input.specialty,
    consultationFee: input.consultationFee,
    currency: input.currency,
    schedule: input.schedule ?? null,
    createdAt,
    updatedAt: createdAt,
  };
  try {
    await ctx.store.transact([
      {
        name: 'doctor',
        Put: {
          Item: doctorItem(ctx.store, doctor),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      // The user must still be an active DOCTOR and the department must still exist when we write.
      named('active-doctor-user', userIsActiveWith(ctx.store, user.id, 'DOCTOR')),
      named('department', departmentExists(ctx.store, dept.id)),
    ]);
  } catch (err) {
    if (conditionFailed(err, 'doctor'))
      throw new Conflict(`User ${user.id} already has a doctor profile`, { field: 'userId' });
    if (conditionFailed(err, 'active-doctor-user'))
      throw new Conflict(`User ${user.id} is no longer an active DOCTOR`, { field: 'userId' });
    if (conditionFailed(err, 'department')) throw new NotFound(`Department ${dept.id} not found`);
    throw err;
  }
  return view(Doctor, doctor);
}

/** The doctor profile, `schedule` included (null when none is set); 404 for an unknown id. */
export async function getDoctor(ctx: Context, input: { id: string }) {
  const doctor = await findDoctor(ctx.store, input.id);
  if (!doctor) throw new NotFound(`Doctor ${input.id} not found`);
  return view(Doctor, doctor);
}

/** Doctors in name order, all of them or one department's (no department check: unknown → empty). */
export function listDoctors(
  ctx: Context,
  query: PageRequest & { departmentId?: string | undefined },
) {
  const keys = doctorKeys(ctx.store);
  const page = { limit: query.limit, cursor: query.cursor };
  const map = (item: Record<string, unknown>) => view(Doctor, DoctorRecord.read(item));
  if (query.departmentId)
    return ctx.store.collectionPage('gsi2', keys.ofDepartment(query.departmentId), page, map);
  return ctx.store.collectionPage('gsi1', keys.all(), page, map);
}

/**
 * A DOCTOR may change only their own schedule; ADMIN and API keys with the scope may change any.
 * Declared on doctors.setSchedule (operations.ts): it depends on whose schedule it is.
 */
export const ownScheduleDecision = defineDecision({
  what: "change another doctor's schedule",
  when: 'the caller is a DOCTOR and the schedule is not their own (ADMIN and keys with the scope change any)',
  checkedBy: 'implementation',
  refusal: 'A doctor may change only their own schedule',
});

export function assertMayEditSchedule(actor: Actor, doctorId: string): void {
  const authority = authorityOf(actor);
  if (authority?.kind === 'user' && authority.role === 'DOCTOR' && authority.id !== doctorId) {
    throw refuse(ownScheduleDecision);
  }
}

/** Replaces a doctor's weekly schedule; answers the updated profile. */
export async function setSchedule(ctx: Context, input: { id: string; schedule: WeeklySchedule }) {
  assertMayEditSchedule(ctx.actor, input.id);
  try {
    const attributes = await ctx.store.update({
      ...updateItem(
        doctorKeys(ctx.store).doctor(input.id),
        { set: { schedule: input.schedule, updatedAt: ctx.now.toISOString() } },
        { expression: 'attribute_exists(pk)' },
      ),
      ReturnValues: 'ALL_NEW',
    });
    return view(Doctor, DoctorRecord.read(attributes ?? {}));
  } catch (err) {
    if (isConditionFailure(err)) throw new NotFound(`Doctor ${input.id} not found`);
    throw err;
  }
}
