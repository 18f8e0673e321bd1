import { defineModule } from '../../manifest/module';
import { patientsGroup } from './routes';

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
  groups: [patientsGroup],
});
