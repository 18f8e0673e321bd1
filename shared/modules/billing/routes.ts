import { defineGroup, route } from '../../http/route';
import * as billing from './operations';

const tag = 'Billing';

export const billingGroup = defineGroup({
  name: 'billing',
  source: import.meta.url,
  description:
    'Tariffs, charge items, invoices, payments, refunds (credit notes) and the billing dashboard',
  routes: [
    route(billing.list, { method: 'GET', path: '/billing', tag }),
    route(billing.create, { method: 'POST', path: '/billing', tag, status: 201 }),
    route(billing.dashboard, { method: 'GET', path: '/billing/dashboard', tag }),
    route(billing.getBillingSettings, { method: 'GET', path: '/billing/settings', tag }),
    route(billing.updateSettings, { method: 'PUT', path: '/billing/settings', tag }),
    route(billing.listTariffsOp, { method: 'GET', path: '/billing/tariffs', tag }),
    route(billing.putTariff, { method: 'PUT', path: '/billing/tariffs/{code}', tag }),
    route(billing.listChargesOp, { method: 'GET', path: '/billing/charges', tag }),
    route(billing.addCharge, { method: 'POST', path: '/billing/charges', tag, status: 201 }),
    route(billing.voidCharge, { method: 'POST', path: '/billing/charges/{id}/void', tag }),
    route(billing.get, { method: 'GET', path: '/billing/{id}', tag }),
    route(billing.setStatus, { method: 'PATCH', path: '/billing/{id}/status', tag }),
    route(billing.pay, {
      method: 'POST',
      path: '/billing/{id}/payments',
      tag,
      status: 201,
      headers: { 'Idempotency-Key': 'idempotencyKey' },
    }),
    route(billing.refund, { method: 'POST', path: '/billing/{id}/refunds', tag, status: 201 }),
  ],
});
