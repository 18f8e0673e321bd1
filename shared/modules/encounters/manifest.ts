import { medicationRequestStatusTableMarkdown } from '../../clinical/medication-request-status';
import { defineModule } from '../../manifest/module';
import { encountersGroup } from './routes';
import { encounterStatusTableMarkdown } from './status';

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
