import { defineGroup, route } from '../../http/route';
import * as keys from './operations';

export const apiKeysGroup = defineGroup({
  name: 'api-keys',
  source: import.meta.url,
  description: 'API keys for integrations and agents',
  routes: [
    route(keys.create, { method: 'POST', path: '/api-keys', tag: 'API keys', status: 201 }),
    route(keys.list, { method: 'GET', path: '/api-keys', tag: 'API keys' }),
    route(keys.revoke, { method: 'POST', path: '/api-keys/{id}/revoke', tag: 'API keys' }),
    route(keys.rotate, { method: 'POST', path: '/api-keys/{id}/rotate', tag: 'API keys' }),
  ],
});
