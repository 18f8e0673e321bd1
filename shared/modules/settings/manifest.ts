import { defineModule } from '../../manifest/module';
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
});
