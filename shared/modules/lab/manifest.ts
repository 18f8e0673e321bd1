import { defineModule } from '../../manifest/module';
import { labGroup } from './routes';
import { labOrderStatusTableMarkdown, labStepTableMarkdown } from './status';

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
  groups: [labGroup],
  // The lab and radiology workbench (/diagnostics).
  pageScripts: { diagnostics: 'shared/web/client/diagnostics.ts' },
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
