import { defineOperation } from '../../kernel/operation';
import { MonitorInput, SystemMonitor } from './schemas';

export const get = defineOperation({
  name: 'monitor.get',
  summary:
    "The hospital's operational health in one answer: agent actions close to expiry and failed, agent call errors and refusals, rate-limited credentials, unacknowledged critical results, bed occupancy and housekeeping, OPD waits over target, low stock, expiring batches and trial days left; each item with its count, what to do and where",
  input: MonitorInput,
  output: SystemMonitor,
  access: { roles: ['MANAGER'], scope: 'monitor:read' },
  kind: 'read',
  idempotent: true,
  // Loaded on demand: the monitor reads six other modules, which no cold start needs otherwise.
  handler: async (ctx, input) => (await import('./service')).systemMonitor(ctx, input),
});
