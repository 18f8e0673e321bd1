import { defineOperation } from '../../kernel/operation';
import {
  CreateDoctorInput,
  Doctor,
  DoctorIdInput,
  DoctorPage,
  ListDoctorsInput,
  SetScheduleInput,
} from './schemas';
import {
  createDoctor,
  getDoctor,
  listDoctors,
  ownScheduleDecision,
  setSchedule as replaceSchedule,
} from './service';

export const create = defineOperation({
  name: 'doctors.create',
  summary: 'Create the doctor profile of a staff user with role DOCTOR (administrators only)',
  input: CreateDoctorInput,
  output: Doctor,
  access: { roles: [], scope: 'doctors:write' },
  kind: 'write',
  idempotent: false,
  handler: createDoctor,
});

export const list = defineOperation({
  name: 'doctors.list',
  summary: 'List doctors in name order, optionally of one department',
  input: ListDoctorsInput,
  output: DoctorPage,
  access: { roles: 'any', scope: 'doctors:read' },
  kind: 'read',
  idempotent: true,
  handler: listDoctors,
});

export const get = defineOperation({
  name: 'doctors.get',
  summary: 'One doctor profile with its weekly schedule',
  input: DoctorIdInput,
  output: Doctor,
  access: { roles: 'any', scope: 'doctors:read' },
  kind: 'read',
  idempotent: true,
  handler: getDoctor,
});

export const setSchedule = defineOperation({
  name: 'doctors.setSchedule',
  summary: "Replace a doctor's weekly OPD schedule; a doctor may change only their own",
  input: SetScheduleInput,
  output: Doctor,
  access: { roles: ['DOCTOR'], scope: 'doctors:write', decisions: [ownScheduleDecision] },
  kind: 'write',
  idempotent: true,
  handler: replaceSchedule,
});
