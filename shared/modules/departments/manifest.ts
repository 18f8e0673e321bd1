import { operationCapability } from '../../agents/capability';
import { defineModule } from '../../manifest/module';
import * as departments from './operations';

/** Departments are served by the doctors group (shared/modules/doctors/routes.ts). */
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

export default defineModule({
  name: 'departments',
  title: 'Departments',
  area: 'outpatient',
  source: import.meta.url,
  capabilities: [listDepartments],
  doc: 'docs/outpatient.md',
});
