import * as z from 'zod';
import type { Role } from '../auth/roles';
import {
  APPOINTMENT_STATUSES_NEEDING_REASON,
  AppointmentStatusSchema,
} from '../domain/opd/appointment-status';
import { QueuePrioritySchema } from '../domain/opd/queue';
import { requireReasonFor } from '../domain/opd/status-transitions';
import { isValidLocalDate } from '../domain/opd/zoned-time';
import { defineGroup, defineRoute } from '../http/route';
import { idParam, nonEmpty } from '../http/validation';
import { pageQuery } from '../table/pagination';

const FRONT_DESK: Role[] = ['RECEPTIONIST', 'NURSE', 'DOCTOR'];
const READERS: Role[] = ['RECEPTIONIST', 'NURSE', 'DOCTOR'];

export const LocalDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine(isValidLocalDate, 'must be a real calendar date')
  // Keeps day arithmetic (a day's bounds, the next day) inside four-digit years.
  .refine(
    (d) => d >= '1900-01-01' && d <= '2999-12-31',
    'must be between 1900-01-01 and 2999-12-31',
  );

const Id = z.strictObject({ id: idParam() });

export const BookAppointmentBody = z.strictObject({
  patientId: idParam(),
  doctorId: idParam(),
  start: z.iso.datetime({
    offset: true,
    message: 'must be an ISO 8601 date-time with a time zone, e.g. 2026-11-23T09:00:00+05:30',
  }),
  reason: nonEmpty(500),
  priority: QueuePrioritySchema.default('routine'),
});

export const appointmentsGroup = defineGroup({
  name: 'appointments',
  description: 'Appointments, their status, the OPD queue and doctor availability',
  memoryMb: 512,
  timeoutSeconds: 10,
  permissions: { table: 'readwrite' },
  routes: {
    availability: defineRoute({
      method: 'GET',
      path: '/doctors/{id}/availability',
      tag: 'Appointments',
      summary:
        "Free slots of a doctor on a date (the hospital's time zone): schedule minus booked slots",
      access: { roles: READERS, scope: 'appointments:read' },
      params: Id,
      query: z.strictObject({ date: LocalDateSchema }),
    }),
    book: defineRoute({
      method: 'POST',
      path: '/appointments',
      tag: 'Appointments',
      summary: 'Book a slot of a doctor for a patient; a slot can be booked once',
      access: { roles: FRONT_DESK, scope: 'appointments:write' },
      body: BookAppointmentBody,
      status: 201,
    }),
    list: defineRoute({
      method: 'GET',
      path: '/appointments',
      tag: 'Appointments',
      summary: 'List appointments by date (default today), doctor, patient and status',
      access: { roles: READERS, scope: 'appointments:read' },
      query: z.strictObject({
        date: LocalDateSchema.optional(),
        doctorId: idParam().optional(),
        patientId: idParam().optional(),
        status: AppointmentStatusSchema.optional(),
        ...pageQuery,
      }),
    }),
    queue: defineRoute({
      method: 'GET',
      path: '/appointments/queue',
      tag: 'Appointments',
      summary:
        "A doctor's live queue for a day: token, patient, status, check-in time and estimated wait",
      access: { roles: READERS, scope: 'appointments:read' },
      query: z.strictObject({ doctorId: idParam(), date: LocalDateSchema.optional() }),
    }),
    get: defineRoute({
      method: 'GET',
      path: '/appointments/{id}',
      tag: 'Appointments',
      summary: 'One appointment with its status history',
      access: { roles: READERS, scope: 'appointments:read' },
      params: Id,
    }),
    setStatus: defineRoute({
      method: 'PATCH',
      path: '/appointments/{id}/status',
      tag: 'Appointments',
      summary: 'Change status (FHIR Appointment.status); checking in assigns the queue token',
      access: { roles: FRONT_DESK, scope: 'appointments:write' },
      params: Id,
      body: z
        .strictObject({ status: AppointmentStatusSchema, reason: nonEmpty(500).optional() })
        .superRefine(requireReasonFor(APPOINTMENT_STATUSES_NEEDING_REASON)),
    }),
  },
});
