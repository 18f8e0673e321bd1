import { defineGroup, route } from '../../http/route';
import * as notifications from './operations';

const tag = 'Notifications';

export const notificationsGroup = defineGroup({
  name: 'notifications',
  source: import.meta.url,
  description:
    "People's notification preferences and messages, the hospital's templates and outbox",
  routes: [
    route(notifications.getPreferences, { method: 'GET', path: '/notifications/preferences', tag }),
    route(notifications.setPreferences, { method: 'PUT', path: '/notifications/preferences', tag }),
    route(notifications.mine, { method: 'GET', path: '/notifications', tag }),
    route(notifications.outbox, { method: 'GET', path: '/notifications/outbox', tag }),
    route(notifications.templates, { method: 'GET', path: '/notifications/templates', tag }),
    route(notifications.putTemplate, {
      method: 'PUT',
      path: '/notifications/templates/{kind}/{channel}',
      tag,
    }),
  ],
});
