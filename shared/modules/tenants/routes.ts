import { defineGroup, route } from '../../http/route';
import * as tenants from './operations';

export const tenantsGroup = defineGroup({
  name: 'tenants',
  source: import.meta.url,
  description: 'Hospital self-registration, the current tenant profile and its data export',
  routes: [
    route(tenants.register, { method: 'POST', path: '/tenants', tag: 'Tenants', status: 201 }),
    route(tenants.current, { method: 'GET', path: '/tenants/current', tag: 'Tenants' }),
    route(tenants.update, { method: 'PATCH', path: '/tenants/current', tag: 'Tenants' }),
    route(tenants.startExport, {
      method: 'POST',
      path: '/tenants/current/exports',
      tag: 'Tenants',
      status: 202,
    }),
    route(tenants.listExports, { method: 'GET', path: '/tenants/current/exports', tag: 'Tenants' }),
    route(tenants.getExport, {
      method: 'GET',
      path: '/tenants/current/exports/{id}',
      tag: 'Tenants',
    }),
    route(tenants.getExportPage, {
      method: 'GET',
      path: '/tenants/current/exports/{id}/pages/{n}',
      tag: 'Tenants',
    }),
  ],
});
