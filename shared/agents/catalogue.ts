/**
 * The agent catalogue: every capability (MCP tool, A2A skill member) and every A2A skill, declared
 * once. Everything agents see is derived from these two lists (documents.ts, scope.ts, run.ts).
 *
 * Adding a capability: one entry in CAPABILITIES (usually `operationCapability(op, {...})`), and
 * its skill in SKILLS if it opens a new one. Other areas add theirs the same way
 * (get-bed-availability, get-pharmacy-stock, get-billing-summary, pharmacy-expiry-scan, the
 * propose-* tools of the HITL issue); counts everywhere follow.
 */
import { nonEmpty } from '../kernel/fields';
import { LocalDateSchema } from '../kernel/time/dates';
import * as z from '../kernel/zod';
import * as agentActions from '../modules/agent-actions/operations';
import * as appointments from '../modules/appointments/operations';
import * as departments from '../modules/departments/operations';
import * as doctors from '../modules/doctors/operations';
import { Encounter, Prescription } from '../modules/encounters';
import * as encounters from '../modules/encounters/operations';
import * as patients from '../modules/patients/operations';
import { AREA_CAPABILITIES, AREA_SKILLS } from './area-capabilities';
import {
  type AnyCapability,
  defineCapability,
  operationCapability,
  type Skill,
} from './capability';

const id = (what: string) =>
  z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, `must be a valid ${what} id`));

const searchPatients = operationCapability(patients.list, {
  name: 'search-patients',
  tool: true,
  skill: 'patient-lookup',
  title: 'Search patients',
  description:
    'Search patients by name prefix, phone number (or its last digits) or MRN; without q, the newest registrations. Paginated (limit, cursor).',
  scope: 'patients:read',
  tags: ['patients', 'search'],
  keywords: ['search', 'find', 'patient', 'patients', 'lookup', 'look', 'phone', 'mrn', 'name'],
  examples: ['Find patient Asha Verma', 'Search patients with phone 98450 12345'],
});

const getPatient = operationCapability(patients.get, {
  name: 'get-patient',
  tool: true,
  skill: 'patient-lookup',
  title: 'Get a patient',
  description:
    "One patient's record by id: MRN, name, date of birth, sex, phone, address, allergies.",
  scope: 'patients:read',
  tags: ['patients'],
  keywords: ['patient', 'record', 'details', 'show', 'get'],
  examples: ['Show the record of patient 6f1c…'],
});

const registerPatient = operationCapability(patients.register, {
  name: 'register-patient',
  tool: true,
  skill: 'patient-registration',
  title: 'Register a patient',
  description:
    'Register a new patient and assign the next MRN. A likely duplicate (same name and date of birth, or same phone) is refused with the existing MRN unless confirmed.',
  scope: 'agents:reception:write',
  tags: ['patients', 'registration', 'reception'],
  keywords: ['register', 'registration', 'new', 'enrol', 'enroll', 'add', 'create'],
  examples: ['Register Ravi Kumar, male, born 1984-03-12, phone +91 98450 12345'],
});

const listAppointments = operationCapability(appointments.list, {
  name: 'list-appointments',
  tool: true,
  skill: 'appointment-management',
  title: 'List appointments',
  description:
    "List appointments of a day (default today, in the hospital's time zone), optionally of one doctor, one patient or one status. Paginated.",
  scope: 'appointments:read',
  tags: ['appointments'],
  keywords: ['appointments', 'appointment', 'list', 'schedule', 'today', 'booked'],
  examples: ["List today's appointments", 'Which appointments does Dr Rao have on 2026-11-24?'],
});

const bookAppointment = operationCapability(appointments.book, {
  name: 'book-appointment',
  tool: true,
  skill: 'appointment-management',
  title: 'Book an appointment',
  description:
    'Book a free slot of a doctor for a patient (start = the slot start from check-doctor-availability). A slot can be booked once.',
  scope: 'agents:reception:write',
  tags: ['appointments', 'booking', 'reception'],
  keywords: ['book', 'booking', 'schedule', 'appointment', 'slot', 'reserve'],
  examples: ['Book patient 6f1c… with doctor 0a9e… at 2026-11-24T10:00:00+05:30 for fever'],
});

const cancelAppointment = defineCapability({
  name: 'cancel-appointment',
  tool: true,
  skill: 'appointment-management',
  title: 'Cancel an appointment',
  description:
    'Cancel a booked appointment (FHIR status cancelled) with a reason; the slot becomes free again.',
  operations: [appointments.setStatus],
  input: z.strictObject({
    id: id('appointment'),
    reason: nonEmpty(500),
  }),
  output: appointments.setStatus.output,
  scope: 'agents:reception:write',
  destructive: true,
  tags: ['appointments', 'cancellation', 'reception'],
  keywords: ['cancel', 'cancellation', 'call', 'off', 'drop'],
  examples: ['Cancel appointment 3b2d… because the patient is travelling'],
  run: (_ctx, input, call) =>
    call(appointments.setStatus, { id: input.id, status: 'cancelled', reason: input.reason }),
});

const checkIn = defineCapability({
  name: 'check-in-patient',
  tool: true,
  skill: 'appointment-management',
  title: 'Check a patient in',
  description:
    "Check the patient of a booked appointment in on arrival: assigns the next queue token of the doctor's day.",
  operations: [appointments.setStatus],
  input: z.strictObject({ id: id('appointment') }),
  output: appointments.setStatus.output,
  scope: 'agents:reception:write',
  tags: ['appointments', 'queue', 'reception'],
  keywords: ['check', 'checkin', 'check-in', 'arrived', 'arrival', 'token'],
  examples: ['Check in appointment 3b2d…'],
  run: (_ctx, input, call) => call(appointments.setStatus, { id: input.id, status: 'checked-in' }),
});

const checkAvailability = defineCapability({
  name: 'check-doctor-availability',
  tool: true,
  skill: 'appointment-management',
  title: "Check a doctor's availability",
  description:
    "Free slots of a doctor on a date (the hospital's time zone): the weekly schedule minus booked slots.",
  operations: [appointments.availability],
  input: z.strictObject({ doctorId: id('doctor'), date: LocalDateSchema }),
  output: appointments.availability.output,
  scope: 'appointments:read',
  tags: ['appointments', 'availability', 'doctors'],
  keywords: ['available', 'availability', 'free', 'slots', 'slot', 'when', 'open'],
  examples: ['When is doctor 0a9e… free on 2026-11-24?'],
  run: (_ctx, input, call) =>
    call(appointments.availability, { id: input.doctorId, date: input.date }),
});

const queueStatus = operationCapability(appointments.queue, {
  name: 'get-queue-status',
  tool: true,
  skill: 'queue-status',
  title: 'Queue status',
  description:
    "A doctor's live OPD queue for a day (default today): tokens, patients waiting, who is in consultation.",
  scope: 'agents:operations:read',
  tags: ['queue', 'opd', 'operations'],
  keywords: ['queue', 'waiting', 'wait', 'token', 'tokens', 'line', 'opd'],
  examples: ['How many patients are waiting for doctor 0a9e… today?'],
});

const EncounterSummary = z.strictObject({
  patientId: z.string(),
  /** The newest encounter, or null when the patient has none. */
  encounter: z.nullable(Encounter),
  latestNews2: z.nullable(
    z.strictObject({
      score: z.nullable(z.number()),
      risk: z.nullable(z.string()),
      recordedAt: z.string(),
    }),
  ),
  prescriptions: z.array(Prescription),
});

const encounterSummary = defineCapability({
  name: 'get-encounter-summary',
  tool: true,
  skill: 'encounter-summary',
  title: 'Latest encounter summary',
  description:
    "A patient's most recent OPD encounter: status, chief complaint, diagnosis, the latest NEWS2 score and risk band, and its prescriptions.",
  operations: [patients.get, encounters.list, encounters.get],
  input: z.strictObject({ patientId: id('patient') }),
  output: EncounterSummary,
  scope: 'encounters:read',
  tags: ['encounters', 'news2', 'clinical'],
  keywords: ['encounter', 'summary', 'news2', 'vitals', 'consultation', 'diagnosis', 'latest'],
  examples: [
    'Summarise the latest encounter of patient 6f1c…',
    'What is the latest NEWS2 of patient 6f1c…?',
  ],
  run: async (_ctx, input, call) => {
    // The patient first, so that an unknown (or another hospital's) id is a 404, not an empty summary.
    await call(patients.get, { id: input.patientId });
    const page = await call(encounters.list, { patientId: input.patientId, limit: 1 });
    const latest = page.items[0];
    if (!latest) {
      return { patientId: input.patientId, encounter: null, latestNews2: null, prescriptions: [] };
    }
    const detail = await call(encounters.get, { id: latest.id });
    const { vitals: _vitals, prescriptions, ...encounter } = detail;
    return {
      patientId: input.patientId,
      encounter,
      latestNews2: encounter.latestNews2 ?? null,
      prescriptions,
    };
  },
});

const listDoctors = operationCapability(doctors.list, {
  name: 'list-doctors',
  tool: true,
  skill: 'doctor-directory',
  title: 'List doctors',
  description: 'Doctors in name order, optionally of one department, with their specialisation.',
  scope: 'doctors:read',
  tags: ['doctors', 'directory'],
  keywords: ['doctor', 'doctors', 'physician', 'specialist', 'who'],
  examples: ['Which doctors work in cardiology?'],
});

const listDepartments = operationCapability(departments.list, {
  name: 'list-departments',
  tool: true,
  skill: 'doctor-directory',
  title: 'List departments',
  description: "The hospital's departments in name order.",
  scope: 'doctors:read',
  tags: ['departments', 'directory'],
  keywords: ['department', 'departments', 'specialty', 'speciality', 'clinic'],
  examples: ['Which departments does the hospital have?'],
});

/**
 * HITL (docs/hitl.md): a proposal tool creates an agent action instead of acting; the answer
 * gives the action id, its risk and who must approve it. One per action type, bound to the type's
 * proposal operation (shared/modules/agent-actions/operations.ts).
 */
const proposePrescription = operationCapability(agentActions.proposePrescription, {
  name: 'propose-prescription',
  tool: true,
  skill: 'prescribe-medication',
  title: 'Propose a prescription',
  description:
    'Propose a prescription (drug, strength, dose, route, frequency, days, quantity) on an open encounter, with your rationale. Nothing is prescribed until a doctor approves it; the answer gives the action id, its risk level and its expiry. An allergy conflict needs allergyOverrideReason and makes the action CRITICAL.',
  scope: 'agents:clinical:propose',
  tags: ['prescription', 'medication', 'hitl', 'clinical'],
  keywords: ['prescribe', 'prescription', 'medication', 'medicine', 'drug', 'dose', 'rx'],
  examples: [
    'Prescribe paracetamol 500 mg, 1 tablet oral every 6 hours for 3 days (12) on encounter 9c1d…',
  ],
});

const proposeAdmission = operationCapability(agentActions.proposeAdmission, {
  name: 'propose-admission',
  tool: true,
  skill: 'admit-patient',
  title: 'Propose an admission',
  description:
    'Propose admitting a patient (source, reason, doctor, a bed or a ward) with your rationale. Nothing happens until a person who may admit approves it; the answer gives the action id, its risk level and its expiry.',
  scope: 'agents:clinical:propose',
  tags: ['admission', 'inpatient', 'hitl', 'clinical'],
  keywords: ['admit', 'admission', 'bed', 'ward', 'inpatient', 'hospitalise', 'hospitalize'],
  examples: ['Admit patient 6f1c… from the emergency department to ward 2a1b… for sepsis'],
});

const proposeDischarge = operationCapability(agentActions.proposeDischarge, {
  name: 'propose-discharge',
  tool: true,
  skill: 'discharge-patient',
  title: 'Propose a discharge',
  description:
    'Propose discharging an admitted patient (final diagnoses, condition, disposition, discharge medications, follow-up) with your rationale, for a doctor to approve.',
  scope: 'agents:clinical:propose',
  tags: ['discharge', 'inpatient', 'hitl', 'clinical'],
  keywords: ['discharge', 'discharged', 'home', 'release', 'leave'],
  examples: ['Discharge admission 7d3e… home: community-acquired pneumonia, improved'],
});

const proposeLabOrder = operationCapability(agentActions.proposeLabOrder, {
  name: 'propose-lab-order',
  tool: true,
  skill: null,
  title: 'Propose a lab order',
  description:
    'Propose lab tests or panels (catalogue codes, priority) from an encounter with your rationale, for a doctor to approve.',
  scope: 'agents:clinical:propose',
  tags: ['lab', 'diagnostics', 'hitl', 'clinical'],
  keywords: ['lab', 'test', 'blood', 'panel', 'order', 'investigation'],
  examples: ['Order a CBC and CRP, urgent, from encounter 9c1d…'],
});

const proposeRadiologyOrder = operationCapability(agentActions.proposeRadiologyOrder, {
  name: 'propose-radiology-order',
  tool: true,
  skill: null,
  title: 'Propose a radiology order',
  description:
    'Propose a radiology procedure (code, priority, clinical question, safety answers) from an encounter with your rationale, for a doctor to approve.',
  scope: 'agents:clinical:propose',
  tags: ['radiology', 'imaging', 'diagnostics', 'hitl', 'clinical'],
  keywords: ['xray', 'x-ray', 'scan', 'ct', 'mri', 'ultrasound', 'imaging', 'radiology'],
  examples: ['Order a chest X-ray from encounter 9c1d… to rule out pneumonia'],
});

/** Every capability, in the order tools/list shows them. */
export const CAPABILITIES: readonly AnyCapability[] = [
  searchPatients,
  getPatient,
  registerPatient,
  listAppointments,
  bookAppointment,
  cancelAppointment,
  checkIn,
  checkAvailability,
  queueStatus,
  encounterSummary,
  listDoctors,
  listDepartments,
  ...AREA_CAPABILITIES,
  proposePrescription,
  proposeAdmission,
  proposeDischarge,
  proposeLabOrder,
  proposeRadiologyOrder,
];

/** Every A2A skill; each groups the capabilities that name it. */
export const SKILLS: readonly Skill[] = [
  {
    name: 'patient-lookup',
    title: 'Patient lookup',
    description: 'Find patients by name, phone or MRN and read their records.',
    tags: ['patients', 'search'],
    examples: ['Find patient Asha Verma', 'Look up MRN MRN-000042'],
    keywords: ['patient', 'find', 'search', 'lookup', 'mrn', 'phone'],
  },
  {
    name: 'patient-registration',
    title: 'Patient registration',
    description: 'Register new patients at reception (assigns the MRN, guards against duplicates).',
    tags: ['patients', 'registration', 'reception'],
    examples: ['Register Ravi Kumar, male, born 1984-03-12, phone +91 98450 12345'],
    keywords: ['register', 'registration', 'new patient', 'enrol'],
  },
  {
    name: 'appointment-management',
    title: 'Appointment management',
    description: "List, book, cancel and check in appointments, and check doctors' free slots.",
    tags: ['appointments', 'booking', 'reception'],
    examples: [
      "List today's appointments",
      'Book patient 6f1c… with doctor 0a9e… at 2026-11-24T10:00:00+05:30',
      'Cancel appointment 3b2d…',
    ],
    keywords: ['appointment', 'book', 'cancel', 'slot', 'available', 'check in'],
  },
  {
    name: 'queue-status',
    title: 'Queue status',
    description: "A doctor's live OPD queue: tokens, waiting patients, consultation in progress.",
    tags: ['queue', 'opd', 'operations'],
    examples: ['How long is the queue for doctor 0a9e… today?'],
    keywords: ['queue', 'waiting', 'token'],
  },
  {
    name: 'encounter-summary',
    title: 'Encounter summary',
    description: "A patient's latest OPD encounter with its NEWS2 score and prescriptions.",
    tags: ['encounters', 'news2', 'clinical'],
    examples: ['What is the latest NEWS2 of patient 6f1c…?'],
    keywords: ['encounter', 'news2', 'summary', 'vitals'],
  },
  {
    name: 'doctor-directory',
    title: 'Doctor directory',
    description: 'The hospital’s departments and doctors.',
    tags: ['doctors', 'departments', 'directory'],
    examples: ['Which doctors work in cardiology?'],
    keywords: ['doctor', 'department', 'specialist'],
  },
  ...AREA_SKILLS,
  {
    name: 'prescribe-medication',
    title: 'Prescribe medication (with approval)',
    description:
      'Propose a prescription for a doctor to approve (human in the loop); it is written only once approved.',
    tags: ['prescription', 'medication', 'hitl', 'clinical'],
    examples: ['Prescribe amoxicillin 500 mg three times daily for 5 days on encounter 9c1d…'],
    keywords: ['prescribe', 'prescription', 'medication', 'drug'],
  },
  {
    name: 'admit-patient',
    title: 'Admit a patient (with approval)',
    description:
      'Propose an admission for a person who may admit to approve (human in the loop); the patient is admitted only once approved.',
    tags: ['admission', 'inpatient', 'hitl'],
    examples: ['Admit patient 6f1c… to the medical ward for observation'],
    keywords: ['admit', 'admission', 'bed', 'ward'],
  },
  {
    name: 'discharge-patient',
    title: 'Discharge a patient (with approval)',
    description:
      'Propose a discharge for a doctor to approve (human in the loop); the patient is discharged only once approved.',
    tags: ['discharge', 'inpatient', 'hitl'],
    examples: ['Discharge admission 7d3e… home tomorrow'],
    keywords: ['discharge', 'home', 'release'],
  },
];

/** Names are unique, every capability's skill exists and every skill has a capability. */
export function checkCatalogue(
  capabilities: readonly AnyCapability[],
  skills: readonly Skill[],
): void {
  const skillNames = new Set(skills.map((s) => s.name));
  if (skillNames.size !== skills.length) throw new Error('A skill is declared twice');
  const seen = new Set<string>();
  for (const cap of capabilities) {
    if (seen.has(cap.name)) throw new Error(`Capability ${cap.name} is declared twice`);
    seen.add(cap.name);
    if (cap.skill !== null && !skillNames.has(cap.skill))
      throw new Error(`Capability ${cap.name} names unknown skill ${cap.skill}`);
  }
  for (const skill of skills) {
    if (!capabilities.some((c) => c.skill === skill.name))
      throw new Error(`Skill ${skill.name} has no capability`);
  }
}

checkCatalogue(CAPABILITIES, SKILLS);
