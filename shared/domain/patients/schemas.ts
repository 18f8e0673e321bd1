/**
 * Request schemas of the patient routes. Declared here (not in the route file) so the agent
 * catalogue's `register-patient` and `search-patients` capabilities can reuse them.
 */
import * as z from 'zod';
import { email, nonEmpty } from '../../http/validation';
import { isValidLocalDate } from '../opd/schedule';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS, PHONE_PATTERN, phoneDigits } from './rules';

/** FHIR `AdministrativeGender`. */
export const SEXES = ['male', 'female', 'other', 'unknown'] as const;
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;

export const PhoneSchema = z
  .string({ message: 'must be a string' })
  .trim()
  .min(7, 'must be 7 to 20 characters')
  .max(20, 'must be 7 to 20 characters')
  .regex(PHONE_PATTERN, 'may contain only digits, an optional leading +, spaces and hyphens')
  .refine((p) => {
    const n = phoneDigits(p).length;
    return n >= PHONE_MIN_DIGITS && n <= PHONE_MAX_DIGITS;
  }, `must have ${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} digits`);

/** A real calendar date in `YYYY-MM-DD`; "not in the future" needs the clock and is checked by the service. */
export const DateOfBirthSchema = z
  .string({ message: 'must be a date in YYYY-MM-DD format' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in YYYY-MM-DD format')
  .refine(isValidLocalDate, 'must be a real calendar date');

export const SexSchema = z.enum(SEXES, { message: `must be one of ${SEXES.join(', ')}` });
export const BloodGroupSchema = z.enum(BLOOD_GROUPS, {
  message: `must be one of ${BLOOD_GROUPS.join(', ')}`,
});

/** Structured, like FHIR `Address` (one line of text, then city, state, postal code, country). */
export const AddressSchema = z.strictObject(
  {
    line: nonEmpty(200),
    city: nonEmpty(100),
    state: nonEmpty(100).optional(),
    postalCode: nonEmpty(20).optional(),
    country: nonEmpty(100).optional(),
  },
  { message: 'must be an object with line and city (state, postalCode, country optional)' },
);

export const EmergencyContactSchema = z.strictObject(
  { name: nonEmpty(120), relationship: nonEmpty(50), phone: PhoneSchema },
  { message: 'must be an object with name, relationship and phone' },
);

export const AllergiesSchema = z
  .array(nonEmpty(100), { message: 'must be an array of strings' })
  .max(50, 'must have at most 50 entries');

const confirmDuplicate = z.boolean({ message: 'must be true or false' });

export const RegisterPatientBody = z.strictObject({
  name: nonEmpty(120),
  dateOfBirth: DateOfBirthSchema,
  sex: SexSchema,
  phone: PhoneSchema,
  email: email().optional(),
  address: AddressSchema.optional(),
  bloodGroup: BloodGroupSchema.optional(),
  allergies: AllergiesSchema.default([]),
  emergencyContact: EmergencyContactSchema.optional(),
  confirmDuplicate: confirmDuplicate.default(false),
});
export type RegisterPatientInput = z.output<typeof RegisterPatientBody>;

/**
 * Corrections: every registrable field may change except the MRN. Optional fields may be
 * cleared with `null`; `allergies` replaces the whole list.
 */
export const UpdatePatientBody = z
  .strictObject({
    name: nonEmpty(120).optional(),
    dateOfBirth: DateOfBirthSchema.optional(),
    sex: SexSchema.optional(),
    phone: PhoneSchema.optional(),
    email: email().nullable().optional(),
    address: AddressSchema.nullable().optional(),
    bloodGroup: BloodGroupSchema.nullable().optional(),
    allergies: AllergiesSchema.optional(),
    emergencyContact: EmergencyContactSchema.nullable().optional(),
    confirmDuplicate: confirmDuplicate.default(false),
  })
  .refine(
    (b) => Object.entries(b).some(([k, v]) => k !== 'confirmDuplicate' && v !== undefined),
    'give at least one field to change',
  );
export type UpdatePatientInput = z.output<typeof UpdatePatientBody>;

export const PatientSearchText = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters');
