import { publishedJwks } from '../../auth/jwt';
import { defineGroup, fixed, route } from '../../http/route';
import * as auth from './operations';

export const authGroup = defineGroup({
  name: 'auth',
  source: import.meta.url,
  description: 'Sign-in and the current user',
  // The signer: the only function that reads the private signing keys (docs/security.md).
  permissions: { table: 'readwrite', tokenKeys: 'sign' },
  routes: [
    route(auth.login, { method: 'POST', path: '/auth/login', tag: 'Authentication' }),
    route(auth.me, { method: 'GET', path: '/auth/me', tag: 'Authentication' }),
    fixed({
      name: 'jwks',
      path: '/.well-known/jwks.json',
      tag: 'Authentication',
      summary:
        'The public keys (JWKS, ES256) that verify access tokens, selected by kid; during a rotation also the previous and the next key',
      body: () => publishedJwks(new Date()),
    }),
  ],
});
