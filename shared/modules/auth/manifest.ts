import { defineModule } from '../../manifest/module';
import { authGroup } from './routes';

export default defineModule({
  name: 'auth',
  title: 'Sign-in',
  area: 'identity',
  source: import.meta.url,
  groups: [authGroup],
  pageScripts: { login: 'shared/web/client/login.ts' },
});
