import { defineModule } from '../../manifest/module';
import { admissionAction, dischargeAction } from './actions';
import { admissionsGroup } from './routes';
import { admissionStatusTableMarkdown } from './status';

export default defineModule({
  name: 'admissions',
  title: 'Admissions, transfers, observations and discharge',
  area: 'inpatient',
  source: import.meta.url,
  doc: 'docs/inpatient.md',
  scopes: {
    'admissions:read': 'Read admissions, transfers, inpatient observations and notes',
    'admissions:write':
      'Admit, transfer and discharge patients; record inpatient observations and notes',
  },
  actionTypes: [admissionAction, dischargeAction],
  skills: [
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
  ],
  groups: [admissionsGroup],
  chargeSources: [
    {
      source: 'bed-days',
      serviceTypes: ['bed-day'],
      event: 'a discharge',
      charged:
        "one line per ward segment: days × the ward's daily charge (midnight census, at least one day)",
    },
  ],
  stateTables: [
    {
      title: 'Admission (FHIR `Encounter.status`, class `IMP`)',
      intro:
        'Admissions start `in-progress` (the patient is in a bed). `admissions.discharge` (`POST /admissions/{id}/discharge`) ends one `discharged`; ' +
        '`admissions.markEnteredInError` (`POST /admissions/{id}/entered-in-error`, needs a `reason`) ends one recorded by mistake. Both send the bed to `housekeeping`. ' +
        'A finished admission accepts no transfer, observation or note (409). Discharge prescriptions follow the prescription table above (`admissions.changePrescriptionStatus`: `PATCH /admissions/{id}/prescriptions/{prescriptionId}`).',
      render: admissionStatusTableMarkdown,
    },
  ],
});
