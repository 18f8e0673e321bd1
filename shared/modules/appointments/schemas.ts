/** The fields of an appointment, its queue entry and the answers of the OPD booking desk. */
import { idParam, nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { requireReasonFor } from '../../kernel/state-machine';
import { InstantSchema, LocalDateSchema, TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import { QueuePrioritySchema, QueueStatusSchema } from './queue';
import { APPOINTMENT_STATUSES_NEEDING_REASON, AppointmentStatusSchema } from './status';

export const StatusChange = z.strictObject({
  status: AppointmentStatusSchema,
  at: TimestampSchema,
  by: z.string(),
  reason: z.optional(z.string()),
});

export const Appointment = z.strictObject({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  mrn: z.string(),
  doctorId: z.string(),
  doctorName: z.string(),
  departmentId: z.optional(z.string()),
  /** UTC instants of the slot. */
  start: TimestampSchema,
  end: TimestampSchema,
  /** The slot's date in the hospital's time zone. */
  date: z.string(),
  status: AppointmentStatusSchema,
  priority: QueuePrioritySchema,
  reason: z.string(),
  cancelReason: z.optional(z.string()),
  /** Queue fields appear at check-in. */
  token: z.optional(z.number().check(z.int())),
  checkedInAt: z.optional(TimestampSchema),
  queueStatus: z.optional(QueueStatusSchema),
  encounterId: z.optional(z.string()),
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
  priority: z._default(QueuePrioritySchema, 'routine'),
});

export const ListAppointmentsInput = z.strictObject({
  date: z.optional(LocalDateSchema),
  doctorId: z.optional(idParam()),
  patientId: z.optional(idParam()),
  status: z.optional(AppointmentStatusSchema),
  ...pageFields,
});
export const AppointmentPage = pageOf(Appointment);
export const AppointmentIdInput = z.strictObject({ id: idParam() });

export const ChangeAppointmentStatusInput = z
  .strictObject({
    id: idParam(),
    status: AppointmentStatusSchema,
    reason: z.optional(nonEmpty(500)),
  })
  .check(z.superRefine(requireReasonFor(APPOINTMENT_STATUSES_NEEDING_REASON)));

export const AvailabilityInput = z.strictObject({ id: idParam(), date: LocalDateSchema });
export const Availability = z.strictObject({
  doctorId: z.string(),
  date: z.string(),
  timezone: z.string(),
  slotMinutes: z.number().check(z.int()),
  slots: z.array(z.strictObject({ start: TimestampSchema, end: TimestampSchema })),
});

export const QueueInput = z.strictObject({
  /** Without a doctor: the whole hospital's queue, one per doctor with patients checked in. */
  doctorId: z.optional(idParam()),
  date: z.optional(LocalDateSchema),
});
export const QueueItem = z.strictObject({
  appointmentId: z.string(),
  token: z.number().check(z.int()),
  priority: QueuePrioritySchema,
  status: QueueStatusSchema,
  checkedInAt: TimestampSchema,
  patientId: z.string(),
  patientName: z.string(),
  mrn: z.string(),
  appointmentStatus: AppointmentStatusSchema,
  start: TimestampSchema,
  encounterId: z.optional(z.string()),
  consultationStartedAt: z.optional(TimestampSchema),
  /** 1-based place among waiting patients; null for those not waiting. */
  position: z.nullable(z.number().check(z.int())),
  estimatedWaitMinutes: z.nullable(z.number().check(z.int())),
});
/** One doctor's queue for a day. */
export const DoctorQueue = z.strictObject({
  doctorId: z.string(),
  doctorName: z.string(),
  date: z.string(),
  timezone: z.string(),
  waiting: z.number().check(z.int()),
  sessionOpensAt: z.nullable(TimestampSchema),
  items: z.array(QueueItem),
});
/** The whole hospital's queue for a day: each doctor's, by department, with the day's totals. */
export const HospitalQueue = z.strictObject({
  date: z.string(),
  timezone: z.string(),
  /** Patients waiting across all queues. */
  waiting: z.number().check(z.int()),
  /** The longest estimated wait of anyone still waiting; null when nobody waits. */
  longestWaitMinutes: z.nullable(z.number().check(z.int())),
  doctors: z.array(z.extend(DoctorQueue, { departmentId: z.string(), departmentName: z.string() })),
});
/** `GET /appointments/queue`: one doctor's queue when `doctorId` is given, else the hospital's. */
export const Queue = z.union([DoctorQueue, HospitalQueue]);
