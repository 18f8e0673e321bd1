import { defineOperation } from '../../kernel/operation';
import { CreateDepartmentInput, Department, DepartmentPage, ListDepartmentsInput } from './schemas';
import { createDepartment, listDepartments } from './service';

export const create = defineOperation({
  name: 'departments.create',
  summary:
    'Create a department; names are unique per hospital, ignoring case (administrators only)',
  input: CreateDepartmentInput,
  output: Department,
  access: { roles: [], scope: 'doctors:write' },
  kind: 'write',
  idempotent: false,
  handler: createDepartment,
});

export const list = defineOperation({
  name: 'departments.list',
  summary: 'List departments in name order',
  input: ListDepartmentsInput,
  output: DepartmentPage,
  access: { roles: 'any', scope: 'doctors:read' },
  kind: 'read',
  idempotent: true,
  handler: listDepartments,
});
