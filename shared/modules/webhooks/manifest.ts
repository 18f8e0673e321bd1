import { defineModule } from '../../manifest/module';
import { webhooksGroup } from './routes';

/**
 * Webhooks: the REST group here; the fan-out of events is the webhooks function
 * (functions/webhooks/handler.ts, subscribed to WEBHOOK_DETAIL_TYPES) and the retries its
 * one-minute schedule (the same handler on a Scheduled Event).
 */
export default defineModule({
  name: 'webhooks',
  title: 'Webhooks',
  area: 'identity',
  source: import.meta.url,
  doc: 'docs/notifications.md',
  scopes: {
    'webhooks:read': 'Read webhook subscriptions and their deliveries',
    'webhooks:write': 'Create, remove and rotate webhook subscriptions, redeliver',
  },
  groups: [webhooksGroup],
});
