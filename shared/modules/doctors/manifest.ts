import { defineModule } from '../../manifest/module';
import { doctorsGroup } from './routes';

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
  groups: [doctorsGroup],
});
