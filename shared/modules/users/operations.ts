import { defineOperation } from '../../kernel/operation';
import {
  CreatedUser,
  CreateUserInput,
  Directory,
  DirectoryInput,
  ListUsersInput,
  UpdateUserInput,
  User,
  UserPage,
} from './schemas';
import { createUser, listUsers, staffDirectory, updateUser } from './service';

export const create = defineOperation({
  name: 'users.create',
  summary: 'Create a staff user; a strong password is generated when none is given',
  input: CreateUserInput,
  output: CreatedUser,
  access: { roles: [] },
  kind: 'write',
  idempotent: false,
  handler: createUser,
});

export const list = defineOperation({
  name: 'users.list',
  summary: 'List staff users',
  input: ListUsersInput,
  output: UserPage,
  access: { roles: [], scope: 'users:read' },
  kind: 'read',
  idempotent: true,
  handler: listUsers,
});

// Every signed-in role: colleagues' names and roles are what a rota or a theatre team shows anyway.
export const directory = defineOperation({
  name: 'users.directory',
  summary: 'The active staff by name (of one role when given), for staff pickers',
  input: DirectoryInput,
  output: Directory,
  access: { roles: 'any', scope: 'users:read' },
  kind: 'read',
  idempotent: true,
  handler: staffDirectory,
});

export const update = defineOperation({
  name: 'users.update',
  summary: "Change a user's role, name or active flag; a deactivated user's tokens stop working",
  input: UpdateUserInput,
  output: User,
  // Deactivating someone must work even after the trial ended.
  access: { roles: [], allowAfterTrial: true },
  kind: 'write',
  idempotent: true,
  handler: updateUser,
});
