import { defineOperation } from '../../kernel/operation';
import { DemoStatus, DemoStatusInput, DemoSummary, GenerateDemoInput } from './schemas';

export const generate = defineOperation({
  name: 'demo.generate',
  summary:
    "Fill the caller's hospital, while on its trial, with the demo hospital (size small or default): staff, patients, today's queue, wards, stock, lab, radiology, invoices and pending agent actions, each made through the operations. Once per hospital; refused on a hospital with patients of its own unless an administrator forces it",
  input: GenerateDemoInput,
  output: DemoSummary,
  access: { roles: [], scope: 'demo:write' },
  kind: 'write',
  // Not safe to repeat: a second call answers 409 (once per hospital, service.ts).
  idempotent: false,
  // Loaded on demand: the generator calls every module's operations.
  handler: async (ctx, input) => (await import('./service')).generateForCaller(ctx, input),
});

export const status = defineOperation({
  name: 'demo.status',
  summary:
    "Where the hospital's demo data stands: none, running (the step and how many of the steps are done) or done (the records made)",
  input: DemoStatusInput,
  output: DemoStatus,
  access: { roles: [], scope: 'demo:write' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx) => (await import('./status')).demoStatus(ctx),
});
