import { defineGroup, route } from '../../http/route';
import * as auth from './operations';

export const authGroup = defineGroup({
  name: 'auth',
  source: import.meta.url,
  description: 'Sign-in and the current user',
  permissions: { table: 'readwrite', jwtSecret: true },
  routes: [
    route(auth.login, { method: 'POST', path: '/auth/login', tag: 'Authentication' }),
    route(auth.me, { method: 'GET', path: '/auth/me', tag: 'Authentication' }),
  ],
});
