import * as z from 'zod';
import { defineGroup, defineRoute, PUBLIC } from '../http/route';

export const webGroup = defineGroup({
  name: 'web',
  description: 'Product pages and the health check',
  memoryMb: 256,
  timeoutSeconds: 5,
  permissions: { table: 'none' },
  routes: {
    health: defineRoute({
      method: 'GET',
      path: '/health',
      tag: 'System',
      summary: 'Liveness check',
      access: PUBLIC,
    }),
    home: defineRoute({
      method: 'GET',
      path: '/',
      tag: 'Pages',
      summary: 'Landing page',
      access: PUBLIC,
      produces: 'html',
    }),
    getStarted: defineRoute({
      method: 'GET',
      path: '/get-started',
      tag: 'Pages',
      summary: 'Hospital registration page',
      access: PUBLIC,
      produces: 'html',
    }),
    login: defineRoute({
      method: 'GET',
      path: '/login',
      tag: 'Pages',
      summary: 'Sign-in page',
      access: PUBLIC,
      produces: 'html',
    }),
    admin: defineRoute({
      method: 'GET',
      path: '/admin',
      tag: 'Pages',
      summary: 'Administration dashboard',
      access: PUBLIC,
      produces: 'html',
    }),
    // The pages' scripts (declared in shared/web/assets.ts), public like the pages that load them.
    asset: defineRoute({
      method: 'GET',
      path: '/assets/{name}',
      tag: 'Pages',
      summary: 'Page script by content-hashed file name (cached for a year)',
      access: PUBLIC,
      params: z.strictObject({ name: z.string().max(100) }),
      produces: 'script',
    }),
  },
});
