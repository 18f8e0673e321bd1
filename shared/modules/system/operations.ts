import * as z from 'zod';
import { defineOperation, PUBLIC } from '../../kernel/operation';

export const health = defineOperation({
  name: 'system.health',
  summary: 'Liveness check',
  input: z.strictObject({}),
  output: z.strictObject({ status: z.literal('ok') }),
  access: PUBLIC,
  kind: 'read',
  idempotent: true,
  handler: async () => ({ status: 'ok' as const }),
});
