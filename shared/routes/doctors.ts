import * as z from 'zod';
import {
  CreateDepartmentBody,
  CreateDoctorBody,
  WeeklyScheduleSchema,
} from '../domain/doctors/schemas';
import { defineGroup, defineRoute } from '../http/route';
import { idParam } from '../http/validation';
import { pageQuery } from '../table/pagination';

/** `{id}` of a doctor route (the doctor's user id); shared by every `/doctors/{id}/…` route. */
export const DoctorIdParams = z.strictObject({ id: idParam() });

/**
 * Departments and doctor profiles. Each route is one entry: adding one (e.g. availability) means
 * a `defineRoute` here and its implementation in functions/doctors/handler.ts.
 */
export const doctorsGroup = defineGroup({
  name: 'doctors',
  description: 'Departments, doctor profiles and weekly OPD schedules',
  memoryMb: 512,
  timeoutSeconds: 10,
  permissions: { table: 'readwrite' },
  routes: {
    createDepartment: defineRoute({
      method: 'POST',
      path: '/departments',
      tag: 'Doctors',
      summary:
        'Create a department; names are unique per hospital, ignoring case (administrators only)',
      access: { roles: [], scope: 'doctors:write' },
      body: CreateDepartmentBody,
      status: 201,
    }),
    listDepartments: defineRoute({
      method: 'GET',
      path: '/departments',
      tag: 'Doctors',
      summary: 'List departments in name order',
      access: { roles: 'any', scope: 'doctors:read' },
      query: z.strictObject({ ...pageQuery }),
    }),
    createDoctor: defineRoute({
      method: 'POST',
      path: '/doctors',
      tag: 'Doctors',
      summary: 'Create the doctor profile of a staff user with role DOCTOR (administrators only)',
      access: { roles: [], scope: 'doctors:write' },
      body: CreateDoctorBody,
      status: 201,
    }),
    listDoctors: defineRoute({
      method: 'GET',
      path: '/doctors',
      tag: 'Doctors',
      summary: 'List doctors in name order, optionally of one department',
      access: { roles: 'any', scope: 'doctors:read' },
      query: z.strictObject({ ...pageQuery, departmentId: idParam().optional() }),
    }),
    getDoctor: defineRoute({
      method: 'GET',
      path: '/doctors/{id}',
      tag: 'Doctors',
      summary: 'One doctor profile with its weekly schedule',
      access: { roles: 'any', scope: 'doctors:read' },
      params: DoctorIdParams,
    }),
    setSchedule: defineRoute({
      method: 'PUT',
      path: '/doctors/{id}/schedule',
      tag: 'Doctors',
      summary: "Replace a doctor's weekly OPD schedule; a doctor may change only their own",
      access: { roles: ['DOCTOR'], scope: 'doctors:write' },
      params: DoctorIdParams,
      body: WeeklyScheduleSchema,
    }),
  },
});
