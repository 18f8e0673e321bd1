/** The fields of radiology procedures, rooms (modality slots), orders and reports. */
import { Card } from '../../clinical/cds-card';
import { PrioritySchema } from '../../clinical/order-priority';
import { OrderSourceSchema } from '../../clinical/order-source';
import { idParam, nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { InstantSchema, TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import { MODALITIES, SafetyAnswersSchema, SafetyCheckSchema } from './safety';
import { RadStatusSchema, RadStepSchema, SETTABLE_RAD_STATUSES } from './status';

const code = () =>
  z
    .string()
    .check(
      z.regex(
        /^[A-Za-z0-9][A-Za-z0-9.-]{0,19}$/,
        'must be a code of letters, digits, . and - (at most 20)',
      ),
    );
const modality = () => z.enum(MODALITIES, { message: `must be one of: ${MODALITIES.join(', ')}` });

export const ProcedureFields = z.strictObject({
  name: nonEmpty(120),
  modality: modality(),
  bodyPart: nonEmpty(60),
  contrast: z.boolean({ message: 'must be true or false' }),
  priceMinor: z
    .number({ message: 'must be a number' })
    .check(z.int('must be a whole number of minor units'), z.gte(0), z.lte(100_000_000)),
  active: z._default(z.boolean(), true),
});
export const Procedure = z.extend(ProcedureFields, {
  code: z.string(),
  updatedAt: TimestampSchema,
});
export type Procedure = z.output<typeof Procedure>;
export const PutProcedureInput = z.extend(ProcedureFields, { code: code() });

/** A scanner or room of one modality, booked in fixed slots. */
export const RoomFields = z.strictObject({
  name: nonEmpty(80),
  modality: modality(),
  slotMinutes: z
    .number({ message: 'must be a number' })
    .check(z.int(), z.gte(5, 'must be at least 5'), z.lte(240, 'must be at most 240')),
  active: z._default(z.boolean(), true),
});
export const Room = z.extend(RoomFields, { code: z.string(), updatedAt: TimestampSchema });
export type Room = z.output<typeof Room>;
export const PutRoomInput = z.extend(RoomFields, { code: code() });

export const RadiologyCatalogue = z.strictObject({
  procedures: z.array(Procedure),
  rooms: z.array(Room),
});

export const RadReport = z.strictObject({
  status: z.enum(['preliminary', 'final']),
  findings: z.string(),
  impression: z.string(),
  reportedBy: z.string(),
  reportedAt: TimestampSchema,
  addenda: z.array(z.strictObject({ text: z.string(), by: z.string(), at: TimestampSchema })),
});

/** A radiology order (FHIR ServiceRequest) with its procedure step, schedule and report. */
export const RadOrder = z.strictObject({
  id: z.string(),
  /** Gap-free per hospital, barcode-ready: `R` and eight digits (DICOM Accession Number). */
  accession: z.string(),
  source: OrderSourceSchema,
  patientId: z.string(),
  patientName: z.string(),
  mrn: z.string(),
  patientSex: z.string(),
  patientDateOfBirth: z.string(),
  requesterId: z.string(),
  orderedBy: z.string(),
  orderedAt: TimestampSchema,
  status: RadStatusSchema,
  statusReason: z.optional(z.string()),
  step: RadStepSchema,
  priority: PrioritySchema,
  clinicalQuestion: z.string(),
  procedure: z.strictObject({
    code: z.string(),
    name: z.string(),
    modality: z.enum(MODALITIES),
    bodyPart: z.string(),
    contrast: z.boolean(),
    priceMinor: z.number(),
  }),
  safetyAnswers: SafetyAnswersSchema,
  safetyChecks: z.array(SafetyCheckSchema),
  /** True while an unanswered or positive check stands without an override. */
  safetyBlocked: z.boolean(),
  safetyOverride: z.optional(
    z.strictObject({
      reason: z.string(),
      by: z.string(),
      at: TimestampSchema,
      /** The questions and answers it accepted: a later answer that differs blocks again. */
      covers: z.optional(z.array(z.strictObject({ question: z.string(), state: z.string() }))),
      /** Where the order was when overridden: `requested`, or `scheduled` (at the scanner). */
      atStep: z.optional(z.string()),
    }),
  ),
  schedule: z.optional(
    z.strictObject({
      room: z.string(),
      start: TimestampSchema,
      end: TimestampSchema,
      by: z.string(),
    }),
  ),
  startedAt: z.optional(TimestampSchema),
  performedBy: z.optional(z.string()),
  completedAt: z.optional(TimestampSchema),
  report: z.optional(RadReport),
  version: z.number(),
  updatedAt: TimestampSchema,
});

/**
 * The answer to an order: the order and the decision-support cards of its contrast (contrast and
 * renal function, metformin with iodinated contrast), `[]` when none apply. Not stored: the cards
 * are read again from the patient's record wherever they are asked for.
 */
export const RadOrderAnswer = z.extend(RadOrder, { cards: z.array(Card) });
export type RadOrder = z.output<typeof RadOrder>;

export const CreateRadOrderInput = z.strictObject({
  source: OrderSourceSchema,
  procedureCode: code(),
  priority: z._default(PrioritySchema, 'routine'),
  clinicalQuestion: nonEmpty(1000),
  safety: z._default(SafetyAnswersSchema, {}),
  requesterId: z.optional(idParam()),
});
export const RadOrderIdInput = z.strictObject({ id: idParam() });
export const SetRadStatusInput = z
  .strictObject({
    id: idParam(),
    status: z.enum(SETTABLE_RAD_STATUSES, {
      message: `must be one of: ${SETTABLE_RAD_STATUSES.join(', ')}`,
    }),
    reason: z.optional(nonEmpty(500)),
  })
  .check(
    z.superRefine((b, ctx) => {
      if (b.status !== 'active' && !b.reason)
        ctx.addIssue({
          code: 'custom',
          path: ['reason'],
          message: `is required when status is '${b.status}'`,
        });
    }),
  );
export const AnswerSafetyInput = z.extend(SafetyAnswersSchema, { id: idParam() });
export const OverrideSafetyInput = z.strictObject({ id: idParam(), reason: nonEmpty(500) });
export const ScheduleInput = z.strictObject({ id: idParam(), room: code(), start: InstantSchema });
export const ReportInput = z.strictObject({
  id: idParam(),
  findings: nonEmpty(10_000),
  impression: nonEmpty(2000),
  status: z.enum(['preliminary', 'final'], { message: 'must be preliminary or final' }),
});
export const AddendumInput = z.strictObject({ id: idParam(), text: nonEmpty(5000) });
export const RAD_WORKLISTS = ['requested', 'scheduled', 'in-progress', 'completed'] as const;
export const RadWorklistInput = z.strictObject({
  list: z.enum(RAD_WORKLISTS, { message: `must be one of: ${RAD_WORKLISTS.join(', ')}` }),
  ...pageFields,
});
export const RadOrderPage = pageOf(RadOrder);
