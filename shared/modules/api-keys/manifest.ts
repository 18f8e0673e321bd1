import { defineModule } from '../../manifest/module';
import { apiKeysGroup } from './routes';

export default defineModule({
  name: 'api-keys',
  title: 'API keys',
  area: 'identity',
  source: import.meta.url,
  groups: [apiKeysGroup],
  stateTables: [
    {
      title: 'API key',
      intro:
        '| Status | Next | How |\n|---|---|---|\n| `active` | `active` (new secret) | `api-keys.rotate` (`POST /api-keys/{id}/rotate`): the old secret stops working at once |\n| `active` | `revoked` | `api-keys.revoke` (`POST /api-keys/{id}/revoke`) |\n| `revoked` | none | create a new key |',
    },
  ],
});
