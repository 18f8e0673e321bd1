import { defineModule } from '../../manifest/module';
import * as settings from './operations';
import { settingsGroup } from './routes';

export default defineModule({
  name: 'settings',
  title: 'Hospital settings',
  area: 'identity',
  source: import.meta.url,
  doc: 'docs/settings.md',
  scopes: {
    'settings:read':
      "Read the hospital's settings (GET /settings): profile, billing, agent rate limit and auto-approval",
  },
  groups: [settingsGroup],
  pages: [
    {
      name: 'hospital-settings',
      path: '/hospital-settings',
      title: 'Settings',
      summary:
        "The hospital's settings on one page: profile, billing, agent rate limit and auto-approval",
      icon: 'gear',
      section: 'Administration',
      audience: [settings.get],
      layout: 'app',
      body: 'shared/web/hospital-settings.ts',
      script: 'shared/web/client/hospital-settings.ts',
    },
  ],
});
