import { operationCapability } from '../../agents/capability';
import { defineModule } from '../../manifest/module';
import * as monitor from './operations';
import { monitorGroup } from './routes';

const systemMonitor = operationCapability(monitor.get, {
  name: 'system-monitor',
  tool: true,
  skill: 'system-monitor',
  title: 'System monitor',
  description:
    "The hospital's operational health in one answer: pending agent actions close to expiry, executions that failed, error and refusal rates of agent calls, rate-limited credentials, unacknowledged critical results, bed occupancy and housekeeping backlog, OPD waits over target, low stock and expiring batches, trial days left. Each item gives its count, the ids behind it, what to do and where (route and page).",
  scope: 'agents:operations:read',
  tags: ['operations', 'monitor', 'health'],
  keywords: [
    'monitor',
    'system health',
    'operational health',
    'status',
    'what needs attention',
    'backlog',
  ],
  examples: ['What needs attention in the hospital right now?', 'Run the system monitor'],
});

export default defineModule({
  name: 'monitor',
  title: 'System monitor',
  area: 'agents',
  source: import.meta.url,
  doc: 'docs/monitor.md',
  scopes: {
    'monitor:read': "Read the system monitor (the hospital's operational health)",
  },
  capabilities: [systemMonitor],
  skills: [
    {
      name: 'system-monitor',
      title: 'System monitor',
      description:
        "The hospital's operational health: what needs attention now, with counts, what to do and where.",
      tags: ['operations', 'monitor'],
      examples: ['What needs attention in the hospital right now?'],
      keywords: ['monitor', 'system health', 'what needs attention'],
    },
  ],
  groups: [monitorGroup],
});
