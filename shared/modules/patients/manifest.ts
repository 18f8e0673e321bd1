import { operationCapability } from '../../agents/capability';
import { defineModule } from '../../manifest/module';
import * as patients from './operations';
import { patientsGroup } from './routes';

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

export default defineModule({
  name: 'patients',
  title: 'Patients',
  area: 'outpatient',
  source: import.meta.url,
  doc: 'docs/outpatient.md',
  scopes: {
    'patients:read': 'Search and read patient records',
    'patients:write': 'Register and update patients',
  },
  capabilities: [searchPatients, getPatient, registerPatient],
  skills: [
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
      description:
        'Register new patients at reception (assigns the MRN, guards against duplicates).',
      tags: ['patients', 'registration', 'reception'],
      examples: ['Register Ravi Kumar, male, born 1984-03-12, phone +91 98450 12345'],
      keywords: ['register', 'registration', 'new patient', 'enrol'],
    },
  ],
  groups: [patientsGroup],
  pages: [
    {
      name: 'patient-access-log',
      path: '/patient-access-log',
      title: 'Patient access log',
      summary:
        "Who viewed or changed a patient's record, when, through which route, tool or skill (administrators only)",
      icon: 'book',
      section: 'Administration',
      audience: [patients.accessLog],
      layout: 'app',
      body: 'shared/web/patient-access-log.ts',
      script: 'shared/web/client/patient-access-log.ts',
    },
  ],
});
