import { randomUUID } from 'node:crypto';
import { Conflict, NotFound } from '../../http/errors';
import { table } from '../../table/client';
import { failedConditions } from '../../table/errors';
import { getItem } from '../../table/items';
import { type PageRequest, queryCollection } from '../../table/pagination';
import { transact } from '../../table/transact';
import { type DepartmentRecord, departmentItem, doctorKeys, publicDepartment } from './records';
import type { CreateDepartmentInput } from './schemas';

const NOT_EXISTS = 'attribute_not_exists(pk)';

/**
 * Creates a department. Its name (case-insensitively) and its code are unique in the tenant:
 * lookup items written in the same transaction make a taken one a 409 that writes nothing.
 */
export async function createDepartment(tenantId: string, input: CreateDepartmentInput, now: Date) {
  const createdAt = now.toISOString();
  const dept: DepartmentRecord = {
    id: randomUUID(),
    tenantId,
    name: input.name,
    code: input.code,
    description: input.description,
    createdAt,
    updatedAt: createdAt,
  };
  const lookup = { entity: 'DepartmentLookup', departmentId: dept.id };
  try {
    await transact([
      {
        Put: {
          TableName: table(),
          Item: { ...doctorKeys.departmentName(tenantId, dept.name), ...lookup },
          ConditionExpression: NOT_EXISTS,
        },
      },
      ...(dept.code
        ? [
            {
              Put: {
                TableName: table(),
                Item: { ...doctorKeys.departmentCode(tenantId, dept.code), ...lookup },
                ConditionExpression: NOT_EXISTS,
              },
            },
          ]
        : []),
      { Put: { TableName: table(), Item: departmentItem(dept), ConditionExpression: NOT_EXISTS } },
    ]);
  } catch (err) {
    const failed = failedConditions(err);
    if (failed?.includes(0))
      throw new Conflict(`A department named '${dept.name}' already exists`, { field: 'name' });
    if (dept.code && failed?.includes(1))
      throw new Conflict(`A department with code ${dept.code} already exists`, { field: 'code' });
    throw err;
  }
  return publicDepartment(dept);
}

export async function getDepartmentRecord(
  tenantId: string,
  id: string,
): Promise<DepartmentRecord | undefined> {
  return getItem<DepartmentRecord>(doctorKeys.department(tenantId, id));
}

export async function getDepartment(tenantId: string, id: string) {
  const dept = await getDepartmentRecord(tenantId, id);
  if (!dept) throw new NotFound(`Department ${id} not found`);
  return publicDepartment(dept);
}

/** Departments in name order. */
export async function listDepartments(tenantId: string, page: PageRequest) {
  return queryCollection('gsi1', doctorKeys.departments(tenantId), page, (item) =>
    publicDepartment(item as unknown as DepartmentRecord),
  );
}
