import { defineModule } from '../../manifest/module';
import { usersGroup } from './routes';

export default defineModule({
  name: 'users',
  title: 'Staff users',
  area: 'identity',
  source: import.meta.url,
  scopes: { 'users:read': 'List staff users' },
  groups: [usersGroup],
});
