import { operationCapability } from '../../agents/capability';
import { defineModule } from '../../manifest/module';
import * as demo from './operations';
import { demoGroup } from './routes';

const generateDemoData = operationCapability(demo.generate, {
  name: 'generate-demo-data',
  tool: true,
  skill: 'demo-data',
  title: 'Generate demo data',
  description:
    "Fills the caller's hospital, while on its trial, with a demo hospital made through the operations (size small, about 30 patients, or default, 300): staff, patients, today's queue, wards and beds, stock with a recalled lot, lab results with two unacknowledged criticals, radiology bookings, invoices and agent actions awaiting approval. Once per hospital; refused (409) when the hospital already has its own patients unless an administrator passes force: true. Same seed, same hospital.",
  scope: 'demo:write',
  tags: ['demo', 'trial', 'onboarding'],
  keywords: ['demo', 'demo data', 'sample data', 'test data', 'try'],
  examples: ['Fill my trial hospital with demo data', 'Generate demo data with seed clinic-2'],
});

export default defineModule({
  name: 'demo',
  title: 'Demo hospital',
  area: 'identity',
  source: import.meta.url,
  doc: 'docs/demo.md',
  scopes: {
    'demo:write':
      "Generate the demo hospital's data in a hospital on its trial (once per hospital)",
  },
  capabilities: [generateDemoData],
  groups: [demoGroup],
  skills: [
    {
      name: 'demo-data',
      title: 'Demo data',
      description:
        'Fills a hospital on its trial with realistic demo data made through the operations, once.',
      tags: ['demo', 'trial'],
      examples: ['Fill my trial hospital with demo data'],
      keywords: ['demo', 'demo data', 'sample data'],
    },
  ],
});
