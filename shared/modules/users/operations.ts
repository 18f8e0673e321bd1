import { defineOperation } from '../../kernel/operation';
import {
  CreatedUser,
  CreateUserInput,
  ListUsersInput,
  UpdateUserInput,
  User,
  UserPage,
} from './schemas';
import { createUser, listUsers, updateUser } from './service';

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
