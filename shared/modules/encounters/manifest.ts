import { defineCapability, idArgument } from '../../agents/capability';
import { medicationRequestStatusTableMarkdown } from '../../clinical/medication-request-status';
import * as z from '../../kernel/zod';
import { defineModule } from '../../manifest/module';
import * as patients from '../patients/operations';
import { prescriptionAction } from './actions';
import * as encounters from './operations';
import { encountersGroup } from './routes';
import { Encounter, Prescription } from './schemas';
import { encounterStatusTableMarkdown } from './status';

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
  input: z.strictObject({ patientId: idArgument('patient') }),
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

export default defineModule({
  name: 'encounters',
  title: 'OPD encounters, vitals and prescriptions',
  area: 'outpatient',
  source: import.meta.url,
  doc: 'docs/outpatient.md',
  scopes: {
    'encounters:read': 'Read OPD encounters, vitals and prescriptions',
    'encounters:write': 'Create encounters, record vitals and prescriptions',
  },
  actionTypes: [prescriptionAction],
  capabilities: [encounterSummary],
  skills: [
    {
      name: 'encounter-summary',
      title: 'Encounter summary',
      description: "A patient's latest OPD encounter with its NEWS2 score and prescriptions.",
      tags: ['encounters', 'news2', 'clinical'],
      examples: ['What is the latest NEWS2 of patient 6f1c…?'],
      keywords: ['encounter', 'news2', 'summary', 'vitals'],
    },
    {
      name: 'prescribe-medication',
      title: 'Prescribe medication (with approval)',
      description:
        'Propose a prescription for a doctor to approve (human in the loop); it is written only once approved.',
      tags: ['prescription', 'medication', 'hitl', 'clinical'],
      examples: ['Prescribe amoxicillin 500 mg three times daily for 5 days on encounter 9c1d…'],
      keywords: ['prescribe', 'prescription', 'medication', 'drug'],
    },
  ],
  groups: [encountersGroup],
  chargeSources: [
    {
      source: 'encounter',
      serviceTypes: ['consultation'],
      event: 'a consultation took place (the encounter ends `completed` or `discontinued`)',
      charged: "the doctor's fee",
    },
  ],
  stateTables: [
    {
      title: 'Encounter (FHIR `Encounter.status`, `encounters.update`: `PATCH /encounters/{id}`)',
      intro:
        'Encounters start `in-progress`. While one runs, its appointment can only be ended through it: `appointments.setStatus` answers 409 naming the encounter. ' +
        'Ending it updates the appointment and queue entry in the same transaction:\n\n' +
        '| Encounter ends as | Appointment | Queue entry | Prescriptions |\n|---|---|---|---|\n' +
        '| `completed` | `fulfilled` | `done` | unchanged |\n' +
        '| `discontinued` (needs `statusReason`: the consultation began but could not finish) | `fulfilled`, the reason in its history | `left` | unchanged |\n' +
        '| `entered-in-error` (needs `statusReason`) | stays `checked-in`, no longer linked, so a new encounter can start | back to `waiting` | live ones (`active`, `on-hold`) become `entered-in-error` |\n\n' +
        'A finished encounter accepts no vitals, prescriptions or edits (409).',
      render: encounterStatusTableMarkdown,
    },
    {
      title:
        'Prescription (FHIR `MedicationRequest.status`, `encounters.changePrescriptionStatus`: `PATCH /encounters/{id}/prescriptions/{prescriptionId}`)',
      intro:
        'Prescriptions are signed when saved, so they start `active`. `on-hold`, `stopped`, `cancelled` and `entered-in-error` need a `reason`. Unlike adding one, changing a prescription is allowed after the encounter has ended.',
      render: medicationRequestStatusTableMarkdown,
    },
  ],
});
