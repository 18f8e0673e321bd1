import { operationCapability } from '../../agents/capability';
import { defineModule } from '../../manifest/module';
import * as radiology from '../radiology/operations';
import { labOrderAction } from './actions';
import * as lab from './operations';
import { labGroup } from './routes';
import { labOrderStatusTableMarkdown, labStepTableMarkdown } from './status';

const labResults = operationCapability(lab.cumulative, {
  name: 'get-lab-results',
  tool: true,
  skill: 'lab-results',
  title: 'Cumulative lab results',
  description:
    "A patient's lab results, one row per test and one column per order, with their flags (L, H, LL, HH).",
  scope: 'lab:read',
  tags: ['lab', 'results', 'clinical'],
  keywords: ['lab', 'results', 'result', 'test', 'tests', 'haemoglobin', 'potassium', 'blood'],
  examples: ['Show the lab results of patient 6f1c…'],
});

const labWorklist = operationCapability(lab.worklistOp, {
  name: 'get-lab-worklist',
  tool: true,
  skill: 'lab-results',
  title: 'Lab worklist',
  description:
    'Lab orders pending collection, result entry or verification, stat orders first, then oldest.',
  scope: 'lab:read',
  tags: ['lab', 'worklist'],
  keywords: ['worklist', 'pending', 'collection', 'verification', 'specimens'],
  examples: ['Which lab orders are waiting for collection?'],
});

const criticalResults = operationCapability(lab.criticals, {
  name: 'get-critical-lab-results',
  tool: true,
  skill: 'lab-results',
  title: 'Unacknowledged critical results',
  description: 'Critical lab results no one has acknowledged yet, oldest first.',
  scope: 'lab:read',
  tags: ['lab', 'critical', 'alerts'],
  keywords: ['critical', 'alert', 'alerts', 'panic', 'unacknowledged'],
  examples: ['Are there critical results nobody has acknowledged?'],
});

export default defineModule({
  name: 'lab',
  title: 'Laboratory',
  area: 'diagnostics',
  source: import.meta.url,
  doc: 'docs/diagnostics.md',
  scopes: {
    'lab:read': 'Read the lab catalogue, orders, specimens, results and worklists',
    'lab:write': 'Order lab tests, collect specimens, enter and verify results',
  },
  actionTypes: [labOrderAction],
  capabilities: [labResults, labWorklist, criticalResults],
  skills: [
    {
      name: 'lab-results',
      title: 'Lab results',
      description:
        "A patient's cumulative lab results, the lab worklists and unacknowledged criticals.",
      tags: ['lab', 'results', 'clinical'],
      examples: ['Show the lab results of patient 6f1c…'],
      keywords: ['lab', 'results', 'critical', 'worklist'],
    },
  ],
  groups: [labGroup],
  // The lab and radiology workbench (/diagnostics).
  pages: [
    {
      name: 'diagnostics',
      path: '/diagnostics',
      title: 'Diagnostics',
      summary:
        'Lab and radiology workbench: worklists, result entry with flags, cumulative results',
      icon: 'flask',
      section: 'Diagnostics',
      audience: [lab.worklistOp, lab.criticals, radiology.worklist],
      layout: 'app',
      body: 'shared/web/diagnostics.ts',
      script: 'shared/web/client/diagnostics.ts',
    },
  ],
  chargeSources: [
    {
      source: 'lab-order',
      serviceTypes: ['laboratory'],
      event: 'a lab report is verified (final)',
      charged: 'each test or panel at its price when ordered',
    },
  ],
  stateTables: [
    {
      title:
        'Lab order (FHIR `ServiceRequest.status`, `lab.setStatus`: `PATCH /lab/orders/{id}/status`)',
      intro:
        "A doctor's order starts `active`; an agent's starts `draft` until a doctor activates it. `on-hold`, `revoked` and `entered-in-error` need a `reason`. " +
        '`completed` is set only by verifying the report (`lab.verify`). Only an `active` order is collected, resulted or verified.',
      render: labOrderStatusTableMarkdown,
    },
    {
      title: 'Lab order step (where the work stands; the worklists are these steps)',
      intro:
        '`lab.collect` moves to `awaiting-entry` with a new accession number; `lab.rejectSpecimen` back to `awaiting-collection` (before any result); ' +
        'the last missing result to `awaiting-verification`; `lab.verify` by someone who entered none of the results to `reported`. ' +
        'A reported result changes only by `lab.amendResult`, which keeps the previous value.',
      render: labStepTableMarkdown,
    },
  ],
});
