import { defineGroup, route } from '../../http/route';
import * as settings from './operations';

export const settingsGroup = defineGroup({
  name: 'settings',
  source: import.meta.url,
  description: "The hospital's settings in one place",
  routes: [
    route(settings.get, { method: 'GET', path: '/settings', tag: 'Settings' }),
    route(settings.update, { method: 'PUT', path: '/settings', tag: 'Settings' }),
  ],
});
