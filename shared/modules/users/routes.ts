import { defineGroup, route } from '../../http/route';
import * as users from './operations';

export const usersGroup = defineGroup({
  name: 'users',
  source: import.meta.url,
  description: 'Staff user management (administrators only) and the staff directory for pickers',
  routes: [
    route(users.create, { method: 'POST', path: '/users', tag: 'Staff', status: 201 }),
    route(users.list, { method: 'GET', path: '/users', tag: 'Staff' }),
    route(users.directory, { method: 'GET', path: '/users/directory', tag: 'Staff' }),
    route(users.update, { method: 'PATCH', path: '/users/{id}', tag: 'Staff' }),
  ],
});
