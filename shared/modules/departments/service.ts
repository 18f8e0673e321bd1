import { randomUUID } from 'node:crypto';
import type { Context } from '../../kernel/context';
import { Conflict } from '../../kernel/errors';
import type { PageRequest } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import { conditionFailed } from '../../kernel/store/conditions';
import type * as z from '../../kernel/zod';
import { type CreateDepartmentInput, Department } from './schemas';
import { DepartmentRecord, departmentKeys, newDepartmentWrites } from './store';

/** Creates a department; its name (ignoring case) and its code are unique in the hospital. */
export async function createDepartment(
  ctx: Context,
  input: z.output<typeof CreateDepartmentInput>,
) {
  const createdAt = ctx.now.toISOString();
  const dept: DepartmentRecord = {
    id: randomUUID(),
    tenantId: ctx.tenantId,
    name: input.name,
    code: input.code,
    description: input.description,
    createdAt,
    updatedAt: createdAt,
  };
  try {
    await ctx.store.transact(newDepartmentWrites(ctx.store, dept));
  } catch (err) {
    if (conditionFailed(err, 'department-name'))
      throw new Conflict(`A department named '${dept.name}' already exists`, { field: 'name' });
    if (conditionFailed(err, 'department-code'))
      throw new Conflict(`A department with code ${dept.code} already exists`, { field: 'code' });
    throw err;
  }
  return view(Department, dept);
}

/** Departments in name order. */
export function listDepartments(ctx: Context, page: PageRequest) {
  return ctx.store.collectionPage('gsi1', departmentKeys(ctx.store).all(), page, (item) =>
    view(Department, DepartmentRecord.read(item)),
  );
}
