import { defineModule } from '../../manifest/module';
import { tenantsGroup } from './routes';

export default defineModule({
  name: 'tenants',
  title: 'Hospitals (tenants)',
  area: 'identity',
  source: import.meta.url,
  scopes: {
    'tenant:read':
      'Read the hospital profile (no operation asks for it yet: every key already reads its own hospital with GET /tenants/current)',
  },
  groups: [tenantsGroup],
  pages: [
    {
      name: 'get-started',
      path: '/get-started',
      title: 'Get started',
      summary: 'Hospital registration page',
      icon: 'gear',
      section: 'none',
      audience: 'public',
      layout: 'public',
      body: 'shared/web/get-started.ts',
      script: 'shared/web/client/get-started.ts',
    },
  ],
});
