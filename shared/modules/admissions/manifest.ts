import { defineModule } from '../../manifest/module';
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
