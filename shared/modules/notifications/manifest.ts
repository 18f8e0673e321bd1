import { defineModule } from '../../manifest/module';
import { notificationsGroup } from './routes';

/**
 * Notifications: the REST group here; the delivery of events to people is the notifications
 * function (functions/notifications/handler.ts), subscribed to NOTIFIED_EVENTS (deliver.ts) by
 * lib/events-stack.ts and by the local runtime's bus.
 */
export default defineModule({
  name: 'notifications',
  title: 'Notifications',
  area: 'identity',
  source: import.meta.url,
  doc: 'docs/notifications.md',
  scopes: {
    'notifications:read': "Read the hospital's notification outbox and templates",
    'notifications:write': "Set the hospital's notification templates",
  },
  groups: [notificationsGroup],
});
