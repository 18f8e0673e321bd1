import { operationCapability } from '../../agents/capability';
import { defineModule } from '../../manifest/module';
import * as doctors from './operations';
import { doctorsGroup } from './routes';

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

export default defineModule({
  name: 'doctors',
  title: 'Doctors and schedules',
  area: 'outpatient',
  source: import.meta.url,
  doc: 'docs/outpatient.md',
  scopes: {
    'doctors:read': 'Read departments, doctors, schedules and availability',
    'doctors:write': 'Manage departments, doctor profiles and schedules',
  },
  capabilities: [listDoctors],
  skills: [
    {
      name: 'doctor-directory',
      title: 'Doctor directory',
      description: 'The hospital’s departments and doctors.',
      tags: ['doctors', 'departments', 'directory'],
      examples: ['Which doctors work in cardiology?'],
      keywords: ['doctor', 'department', 'specialist'],
    },
  ],
  groups: [doctorsGroup],
});
