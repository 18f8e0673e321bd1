/**
 * The fields of a patient, declared once: the answer schema, the stored record and the inputs of
 * registration and correction derive from them.
 */
import { changesSomething, email, idParam, nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { CalendarDateSchema, TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS, PHONE_PATTERN, phoneDigits } from './rules';

/** FHIR `AdministrativeGender`. */
export const SEXES = ['male', 'female', 'other', 'unknown'] as const;
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;

/** What a phone number may look like when typed; its E.164 form is worked out by the service. */
export const PhoneSchema = z.string({ message: 'must be a string' }).check(
  z.trim(),
  z.minLength(7, 'must be 7 to 20 characters'),
  z.maxLength(20, 'must be 7 to 20 characters'),
  z.regex(PHONE_PATTERN, 'may contain only digits, an optional leading +, spaces and hyphens'),
  z.refine((p) => {
    const n = phoneDigits(p).length;
    return n >= PHONE_MIN_DIGITS && n <= PHONE_MAX_DIGITS;
  }, `must have ${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} digits`),
);

/** A real calendar date; "not in the future, at most 150 years ago" needs the clock: the service checks it. */
export const DateOfBirthSchema = CalendarDateSchema;

export const SexSchema = z.enum(SEXES, { message: `must be one of ${SEXES.join(', ')}` });
export const BloodGroupSchema = z.enum(BLOOD_GROUPS, {
  message: `must be one of ${BLOOD_GROUPS.join(', ')}`,
});

/** Structured, like FHIR `Address` (one line of text, then city, state, postal code, country). */
export const AddressSchema = z.strictObject(
  {
    line: nonEmpty(200),
    city: nonEmpty(100),
    state: z.optional(nonEmpty(100)),
    postalCode: z.optional(nonEmpty(20)),
    country: z.optional(nonEmpty(100)),
  },
  { message: 'must be an object with line and city (state, postalCode, country optional)' },
);

export const EmergencyContactSchema = z.strictObject(
  { name: nonEmpty(120), relationship: nonEmpty(50), phone: PhoneSchema },
  { message: 'must be an object with name, relationship and phone' },
);

export const AllergiesSchema = z
  .array(nonEmpty(100), { message: 'must be an array of strings' })
  .check(z.maxLength(50, 'must have at most 50 entries'));

/** A patient as the API answers it. */
export const Patient = z.strictObject({
  id: z.string(),
  /** Medical record number, `MRN-000042`: issued once, never changed. */
  mrn: z.string(),
  name: z.string(),
  dateOfBirth: z.string(),
  sex: z.enum(SEXES),
  /** As typed at the desk. */
  phone: z.string(),
  /** The same number in E.164 (`+919845012345`): what search and the duplicate check compare. */
  phoneE164: z.string(),
  email: z.optional(z.string()),
  address: z.optional(AddressSchema),
  bloodGroup: z.optional(z.enum(BLOOD_GROUPS)),
  allergies: z.array(z.string()),
  emergencyContact: z.optional(EmergencyContactSchema),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Patient = z.output<typeof Patient>;

const confirmDuplicate = z.boolean({ message: 'must be true or false' });

export const RegisterPatientInput = z.strictObject({
  name: nonEmpty(120),
  dateOfBirth: DateOfBirthSchema,
  sex: SexSchema,
  phone: PhoneSchema,
  email: z.optional(email()),
  address: z.optional(AddressSchema),
  bloodGroup: z.optional(BloodGroupSchema),
  allergies: z._default(AllergiesSchema, []),
  emergencyContact: z.optional(EmergencyContactSchema),
  confirmDuplicate: z._default(confirmDuplicate, false),
});
export type RegisterPatientInput = z.output<typeof RegisterPatientInput>;

/**
 * Corrections: every registrable field may change except the MRN. Optional fields may be
 * cleared with `null`; `allergies` replaces the whole list.
 */
export const UpdatePatientInput = z
  .strictObject({
    id: idParam(),
    name: z.optional(nonEmpty(120)),
    dateOfBirth: z.optional(DateOfBirthSchema),
    sex: z.optional(SexSchema),
    phone: z.optional(PhoneSchema),
    email: z.optional(z.nullable(email())),
    address: z.optional(z.nullable(AddressSchema)),
    bloodGroup: z.optional(z.nullable(BloodGroupSchema)),
    allergies: z.optional(AllergiesSchema),
    emergencyContact: z.optional(z.nullable(EmergencyContactSchema)),
    confirmDuplicate: z._default(confirmDuplicate, false),
  })
  .check(
    z.refine(
      (b) => changesSomething(b, ['id', 'confirmDuplicate']),
      'give at least one field to change',
    ),
  );
export type UpdatePatientInput = z.output<typeof UpdatePatientInput>;

export const PatientSearchText = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(100, 'must be at most 100 characters'),
  );

export const ListPatientsInput = z.strictObject({
  ...pageFields,
  q: z.optional(PatientSearchText),
});
export const PatientPage = pageOf(Patient);
export const PatientIdInput = z.strictObject({ id: idParam() });

export const AccessLogInput = z.strictObject({ id: idParam(), ...pageFields });

/** One access of the patient's data (shared/kernel/patient-access.ts). */
export const PatientAccessEntry = z.strictObject({
  at: TimestampSchema,
  patientId: z.string(),
  /** The operation, e.g. `patients.get`, `encounters.addVitals`. */
  operation: z.string(),
  kind: z.enum(['read', 'write']),
  transport: z.enum(['rest', 'mcp', 'a2a', 'event', 'schedule', 'internal']),
  /** The route (`GET /patients/{id}`), tool or skill it came through; null for jobs. */
  via: z.nullable(z.string()),
  actorKind: z.enum(['user', 'apiKey', 'agent', 'system']),
  /** The user, API key or job that acted (an agent: the credential it used). */
  actorId: z.string(),
  role: z.nullable(z.string()),
  agent: z.nullable(z.string()),
  requestId: z.string(),
});
export const AccessLogPage = pageOf(PatientAccessEntry);
