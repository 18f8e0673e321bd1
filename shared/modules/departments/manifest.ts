import { defineModule } from '../../manifest/module';

/** Departments are served by the doctors group (shared/modules/doctors/routes.ts). */
export default defineModule({
  name: 'departments',
  title: 'Departments',
  area: 'outpatient',
  source: import.meta.url,
  doc: 'docs/outpatient.md',
});
