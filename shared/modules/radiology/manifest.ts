import { operationCapability } from '../../agents/capability';
import { defineModule } from '../../manifest/module';
import { radiologyOrderAction } from './actions';
import * as radiology from './operations';
import { radiologyGroup } from './routes';
import { radiologyStatusTableMarkdown, radiologyStepTableMarkdown } from './status';

const radiologyWorklist = operationCapability(radiology.worklist, {
  name: 'get-radiology-worklist',
  tool: true,
  skill: 'radiology-worklist',
  title: 'Radiology worklist',
  description:
    'Radiology orders to screen and schedule, scheduled, in progress or completed and waiting for a report.',
  scope: 'radiology:read',
  tags: ['radiology', 'imaging', 'worklist'],
  keywords: ['radiology', 'imaging', 'xray', 'x-ray', 'ct', 'mri', 'ultrasound', 'scan', 'report'],
  examples: ['Which CT studies are waiting for a report?'],
});

export default defineModule({
  name: 'radiology',
  title: 'Radiology',
  area: 'diagnostics',
  source: import.meta.url,
  doc: 'docs/diagnostics.md',
  scopes: {
    'radiology:read': 'Read radiology procedures, orders, schedules and reports',
    'radiology:write': 'Order, schedule, perform and report radiology studies',
  },
  actionTypes: [radiologyOrderAction],
  capabilities: [radiologyWorklist],
  skills: [
    {
      name: 'radiology-worklist',
      title: 'Radiology worklist',
      description: 'Radiology orders by step: to schedule, scheduled, in progress, to report.',
      tags: ['radiology', 'imaging', 'worklist'],
      examples: ['Which CT studies are waiting for a report?'],
      keywords: ['radiology', 'imaging', 'scan', 'report'],
    },
  ],
  groups: [radiologyGroup],
  chargeSources: [
    {
      source: 'radiology-order',
      serviceTypes: ['radiology'],
      event: 'a radiology procedure is completed',
      charged: 'the procedure at its price when ordered',
    },
  ],
  stateTables: [
    {
      title:
        'Radiology order (FHIR `ServiceRequest.status`, `radiology.setStatus`: `PATCH /radiology/orders/{id}/status`)',
      intro:
        'As for lab orders; `completed` is set by a final report. Revoking is possible until the procedure starts.',
      render: radiologyStatusTableMarkdown,
    },
    {
      title: 'Radiology procedure step (DICOM / IHE Scheduled Workflow)',
      intro:
        '`radiology.schedule` (refused while a safety question is unanswered or positive and not overridden; a room slot is booked once), ' +
        '`radiology.start`, `radiology.complete`, and a final `radiology.report` (a preliminary one keeps the step `completed`). Addenda follow a final report.',
      render: radiologyStepTableMarkdown,
    },
  ],
});
