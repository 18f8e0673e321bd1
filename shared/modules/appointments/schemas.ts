/** The fields of an appointment, its queue entry and the answers of the OPD booking desk. */
import * as z from 'zod';
import { idParam, nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { requireReasonFor } from '../../kernel/state-machine';
import { InstantSchema, LocalDateSchema, TimestampSchema } from '../../kernel/time/dates';
import { QueuePrioritySchema, QueueStatusSchema } from './queue';
import { APPOINTMENT_STATUSES_NEEDING_REASON, AppointmentStatusSchema } from './status';

export const StatusChange = z.strictObject({
  status: AppointmentStatusSchema,
  at: TimestampSchema,
  by: z.string(),
  reason: z.string().optional(),
});

export const Appointment = z.strictObject({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  mrn: z.string(),
  doctorId: z.string(),
  doctorName: z.string(),
  departmentId: z.string().optional(),
  /** UTC instants of the slot. */
  start: TimestampSchema,
  end: TimestampSchema,
  /** The slot's date in the hospital's time zone. */
  date: z.string(),
  status: AppointmentStatusSchema,
  priority: QueuePrioritySchema,
  reason: z.string(),
  cancelReason: z.string().optional(),
  /** Queue fields appear at check-in. */
  token: z.number().int().optional(),
  checkedInAt: TimestampSchema.optional(),
  queueStatus: QueueStatusSchema.optional(),
  encounterId: z.string().optional(),
  history: z.array(StatusChange),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Appointment = z.output<typeof Appointment>;

export const BookAppointmentInput = z.strictObject({
  patientId: idParam(),
  doctorId: idParam(),
  start: InstantSchema,
  reason: nonEmpty(500),
  priority: QueuePrioritySchema.default('routine'),
});

export const ListAppointmentsInput = z.strictObject({
  date: LocalDateSchema.optional(),
  doctorId: idParam().optional(),
  patientId: idParam().optional(),
  status: AppointmentStatusSchema.optional(),
  ...pageFields,
});
export const AppointmentPage = pageOf(Appointment);
export const AppointmentIdInput = z.strictObject({ id: idParam() });

export const ChangeAppointmentStatusInput = z
  .strictObject({
    id: idParam(),
    status: AppointmentStatusSchema,
    reason: nonEmpty(500).optional(),
  })
  .superRefine(requireReasonFor(APPOINTMENT_STATUSES_NEEDING_REASON));

export const AvailabilityInput = z.strictObject({ id: idParam(), date: LocalDateSchema });
export const Availability = z.strictObject({
  doctorId: z.string(),
  date: z.string(),
  timezone: z.string(),
  slotMinutes: z.number().int(),
  slots: z.array(z.strictObject({ start: TimestampSchema, end: TimestampSchema })),
});

export const QueueInput = z.strictObject({ doctorId: idParam(), date: LocalDateSchema.optional() });
export const QueueItem = z.strictObject({
  appointmentId: z.string(),
  token: z.number().int(),
  priority: QueuePrioritySchema,
  status: QueueStatusSchema,
  checkedInAt: TimestampSchema,
  patientId: z.string(),
  patientName: z.string(),
  mrn: z.string(),
  appointmentStatus: AppointmentStatusSchema,
  start: TimestampSchema,
  encounterId: z.string().optional(),
  consultationStartedAt: TimestampSchema.optional(),
  /** 1-based place among waiting patients; null for those not waiting. */
  position: z.number().int().nullable(),
  estimatedWaitMinutes: z.number().int().nullable(),
});
export const Queue = z.strictObject({
  doctorId: z.string(),
  doctorName: z.string(),
  date: z.string(),
  timezone: z.string(),
  waiting: z.number().int(),
  sessionOpensAt: TimestampSchema.nullable(),
  items: z.array(QueueItem),
});
