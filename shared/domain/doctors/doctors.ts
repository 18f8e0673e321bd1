import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Principal } from '../../auth/principal';
import { Conflict, Forbidden, NotFound } from '../../http/errors';
import { db, table } from '../../table/client';
import { failedConditions, isConditionFailure } from '../../table/errors';
/**
 * Doctor profiles: a DOCTOR user's department, specialty, fee and weekly OPD schedule. The
 * profile's id is the user's id, so "my schedule" needs no lookup.
 */
import { getItem } from '../../table/items';
import { keys } from '../../table/keys';
import { type Page, type PageRequest, queryCollection } from '../../table/pagination';
import { transact } from '../../table/transact';
import { getUserRecord } from '../identity/users';
import type { WeeklySchedule } from '../opd/schedule';
import { getDepartmentRecord } from './departments';
import {
  type DoctorRecord,
  doctorItem,
  doctorKeys,
  type PublicDoctor,
  publicDoctor,
} from './records';
import type { CreateDoctorInput } from './schemas';

export async function createDoctor(
  tenantId: string,
  input: CreateDoctorInput,
  now: Date,
): Promise<PublicDoctor> {
  const user = await getUserRecord(tenantId, input.userId);
  if (!user) throw new NotFound(`User ${input.userId} not found`);
  if (user.role !== 'DOCTOR') {
    throw new Conflict(
      `User ${user.id} has role ${user.role}; only users with role DOCTOR can have a doctor profile (change the role with PATCH /users/${user.id} first)`,
      { field: 'userId' },
    );
  }
  if (!user.active)
    throw new Conflict(
      `User ${user.id} is deactivated; reactivate them before creating a doctor profile`,
      { field: 'userId' },
    );
  const dept = await getDepartmentRecord(tenantId, input.departmentId);
  if (!dept) throw new NotFound(`Department ${input.departmentId} not found`);

  const createdAt = now.toISOString();
  const doctor: DoctorRecord = {
    id: user.id,
    userId: user.id,
    tenantId,
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
    await transact([
      {
        Put: {
          TableName: table(),
          Item: doctorItem(doctor),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      // The user must still be an active DOCTOR and the department must still exist when we write.
      {
        ConditionCheck: {
          TableName: table(),
          Key: keys.user(tenantId, user.id),
          ConditionExpression: '#role = :doctor AND active = :active',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':doctor': 'DOCTOR', ':active': true },
        },
      },
      {
        ConditionCheck: {
          TableName: table(),
          Key: doctorKeys.department(tenantId, dept.id),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
    ]);
  } catch (err) {
    const failed = failedConditions(err);
    if (failed?.includes(0))
      throw new Conflict(`User ${user.id} already has a doctor profile`, { field: 'userId' });
    if (failed?.includes(1))
      throw new Conflict(`User ${user.id} is no longer an active DOCTOR`, { field: 'userId' });
    if (failed?.includes(2)) throw new NotFound(`Department ${dept.id} not found`);
    throw err;
  }
  return publicDoctor(doctor);
}

export async function getDoctorRecord(
  tenantId: string,
  id: string,
): Promise<DoctorRecord | undefined> {
  return getItem<DoctorRecord>(doctorKeys.doctor(tenantId, id));
}

/**
 * The stored doctor profile, `schedule` included (null when none is set). Throws 404 for an
 * unknown id or another tenant's doctor. Appointments and availability use this.
 */
export async function getDoctor(tenantId: string, id: string): Promise<PublicDoctor> {
  const doctor = await getDoctorRecord(tenantId, id);
  if (!doctor) throw new NotFound(`Doctor ${id} not found`);
  return publicDoctor(doctor);
}

/** Doctors in name order, all of them or one department's (no department check: unknown → empty). */
export async function listDoctors(
  tenantId: string,
  query: PageRequest & { departmentId?: string | undefined },
): Promise<Page<PublicDoctor>> {
  const page = { limit: query.limit, cursor: query.cursor };
  const map = (item: Record<string, unknown>) => publicDoctor(item as unknown as DoctorRecord);
  if (query.departmentId)
    return queryCollection(
      'gsi2',
      doctorKeys.doctorsOfDepartment(tenantId, query.departmentId),
      page,
      map,
    );
  return queryCollection('gsi1', doctorKeys.doctors(tenantId), page, map);
}

/** A DOCTOR may change only their own schedule; ADMIN and API keys with the scope may change any. */
export function assertMayEditSchedule(
  actor: Pick<Principal, 'type' | 'id' | 'role'>,
  doctorId: string,
): void {
  if (actor.type === 'user' && actor.role === 'DOCTOR' && actor.id !== doctorId) {
    throw new Forbidden('A doctor may change only their own schedule');
  }
}

/** Replaces a doctor's weekly schedule; answers the updated profile. */
export async function setDoctorSchedule(
  tenantId: string,
  actor: Pick<Principal, 'type' | 'id' | 'role'>,
  doctorId: string,
  schedule: WeeklySchedule,
  now: Date,
): Promise<PublicDoctor> {
  assertMayEditSchedule(actor, doctorId);
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: doctorKeys.doctor(tenantId, doctorId),
        UpdateExpression: 'SET #schedule = :schedule, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#schedule': 'schedule' },
        ExpressionAttributeValues: { ':schedule': schedule, ':now': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return publicDoctor(res.Attributes as DoctorRecord);
  } catch (err) {
    if (isConditionFailure(err)) throw new NotFound(`Doctor ${doctorId} not found`);
    throw err;
  }
}
