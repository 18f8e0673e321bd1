import { defineModule } from '../../manifest/module';
import { authGroup } from './routes';

export default defineModule({
  name: 'auth',
  title: 'Sign-in',
  area: 'identity',
  source: import.meta.url,
  groups: [authGroup],
  pages: [
    {
      name: 'login',
      path: '/login',
      title: 'Sign in',
      summary: 'Sign-in page',
      icon: 'key',
      section: 'none',
      audience: 'public',
      layout: 'public',
      body: 'shared/web/login.ts',
      script: 'shared/web/client/login.ts',
    },
  ],
});
