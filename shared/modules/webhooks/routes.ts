import { defineGroup, route } from '../../http/route';
import * as webhooks from './operations';

const tag = 'Webhooks';

export const webhooksGroup = defineGroup({
  name: 'webhooks',
  source: import.meta.url,
  description:
    'Webhook subscriptions of the hospital’s own systems, signed deliveries and redelivery',
  routes: [
    route(webhooks.create, { method: 'POST', path: '/webhooks', tag, status: 201 }),
    route(webhooks.list, { method: 'GET', path: '/webhooks', tag }),
    route(webhooks.failing, { method: 'GET', path: '/webhooks/failing', tag }),
    route(webhooks.remove, { method: 'DELETE', path: '/webhooks/{id}', tag }),
    route(webhooks.rotateSecret, { method: 'POST', path: '/webhooks/{id}/rotate-secret', tag }),
    route(webhooks.deliveries, { method: 'GET', path: '/webhooks/{id}/deliveries', tag }),
    route(webhooks.redeliver, {
      method: 'POST',
      path: '/webhooks/{id}/deliveries/{deliveryId}/redeliver',
      tag,
    }),
  ],
});
