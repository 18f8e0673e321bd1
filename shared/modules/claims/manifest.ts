import { operationCapability } from '../../agents/capability';
import { defineModule } from '../../manifest/module';
import * as claims from './operations';
import { claimsGroup } from './routes';
import { claimStatusTableMarkdown, preauthStatusTableMarkdown } from './status';

const healthCheck = operationCapability(claims.healthCheck, {
  name: 'billing-health-check',
  tool: true,
  skill: 'billing-check',
  title: 'Billing health check',
  description:
    "What an accountant would fix before month end: discharged admissions without a final invoice, charges not invoiced, stale drafts, overdue invoices by age, unallocated payer payments, refunds without a reason or above what was paid, gaps or duplicates in invoice numbers, claims past the payer's deadline, payers' denial rates and services charged without a tariff. Each finding lists the ids as evidence and a suggested fix.",
  scope: 'agents:operations:read',
  tags: ['billing', 'finance', 'claims', 'audit'],
  keywords: [
    'health check',
    'month end',
    'anomalies',
    'billing check',
    'unallocated',
    'overdue',
    'denial',
  ],
  examples: ['What should we fix in billing before month end?', 'Run the billing health check'],
});

export default defineModule({
  name: 'claims',
  title: 'Insurance claims',
  area: 'finance',
  source: import.meta.url,
  doc: 'docs/claims.md',
  scopes: {
    'claims:read':
      'Read payers, plans, coverage, pre-authorisations, claims, remittances and aging',
    'claims:write':
      'Manage payers, plans and coverage; request pre-authorisations; make, submit and adjudicate claims; allocate remittances',
  },
  capabilities: [healthCheck],
  skills: [
    {
      name: 'billing-check',
      title: 'Billing health check',
      description:
        'Finds billing anomalies before month end, each with the ids as evidence and a suggested fix.',
      tags: ['billing', 'finance', 'audit'],
      examples: ['What should we fix in billing before month end?'],
      keywords: ['health check', 'month end', 'anomalies', 'billing check'],
    },
  ],
  groups: [claimsGroup],
  pages: [
    {
      name: 'billing-health',
      path: '/billing-health',
      title: 'Billing health check',
      summary: 'Billing health check: what to fix before month end, with evidence and fixes',
      icon: 'claim',
      section: 'Finance',
      audience: [claims.healthCheck],
      layout: 'app',
      body: 'shared/web/billing-health.ts',
      script: 'shared/web/client/billing-health.ts',
    },
  ],
  stateTables: [
    {
      title:
        'Claim (`claims.submit`, `claims.adjudicate`, `claims.resubmit`, `claims.acceptDenial`, `claims.cancel`, remittance allocation)',
      intro:
        'A claim is made `draft` from an issued invoice (FHIR Claim.status `draft`), `submitted` through the payer’s endpoint (`active`, ClaimResponse.outcome `queued`), and `adjudicated` when the payer’s answer is entered (outcome `complete`, `partial` or `error`). A claim with a denial goes back to `submitted` when resubmitted (each round kept), or stays until the denial is accepted; it is `settled` once the payer has paid all it approved and no denial is open. Draft and submitted claims may be `cancelled` (FHIR `cancelled`) while nothing is paid on them.',
      render: claimStatusTableMarkdown,
    },
    {
      title: 'Pre-authorisation (`claims.decidePreauth`)',
      intro:
        'Requested by the desk; the payer’s answer is entered as `approved` (with an amount and a validity end), `denied` (with a reason) or `expired`. An approval past its `validUntil` reads `expired` without a write.',
      render: preauthStatusTableMarkdown,
    },
  ],
});
