import { operationCapability } from '../../agents/capability';
import { defineModule } from '../../manifest/module';
import * as cds from './operations';
import { decisionSupportGroup } from './routes';

const clinicalAlerts = operationCapability(cds.alerts, {
  name: 'get-clinical-alerts',
  tool: true,
  skill: 'clinical-decision',
  title: 'Clinical alerts',
  description:
    "A patient's decision-support cards (by id or MRN), optionally for drugs about to be proposed: sepsis screening, deteriorating NEWS2, AKI, renal dosing, allergies, interactions, duplicate therapy, metformin and contrast; each card names its published source. Read-only: any order goes through a propose-* tool and a clinician.",
  scope: 'cds:read',
  tags: ['clinical', 'alerts', 'decision-support', 'cds-hooks'],
  keywords: [
    'alert',
    'alerts',
    'sepsis',
    'interaction',
    'allergy',
    'kidney',
    'egfr',
    'aki',
    'warning',
    'safe',
    'contraindicated',
  ],
  examples: [
    'Is it safe to give clarithromycin to patient MRN-000042?',
    'Any clinical alerts for patient 6f1c…?',
  ],
});

const decisionRules = operationCapability(cds.rules, {
  name: 'list-decision-rules',
  tool: true,
  skill: 'clinical-decision',
  title: 'Decision-support rules',
  description:
    'Every decision-support rule with its version, published source and whether the hospital has it on.',
  scope: 'cds:read',
  tags: ['clinical', 'rules', 'decision-support'],
  keywords: ['rule', 'rules', 'source', 'guideline'],
  examples: ['Which decision-support rules are on, and what are their sources?'],
});

export default defineModule({
  name: 'decision-support',
  title: 'Clinical decision support',
  area: 'inpatient',
  source: import.meta.url,
  doc: 'docs/decision-support.md',
  scopes: {
    'cds:read':
      'Read decision-support rules, patient alerts and overrides; call the CDS Hooks service',
    'cds:write':
      'Override cards with a reason; send CDS Hooks feedback; switch rules on or off (administrators)',
  },
  groups: [decisionSupportGroup],
  capabilities: [clinicalAlerts, decisionRules],
  skills: [
    {
      name: 'clinical-decision',
      title: 'Clinical decision support',
      description:
        'Given a patient (by id or MRN) and optionally a proposed order, the decision-support cards with their sources and what the clinician might do. Never writes: orders go through the propose-* tools and a human.',
      tags: ['clinical', 'decision-support', 'alerts'],
      examples: [
        'Is it safe to prescribe metformin to MRN-000042?',
        'What alerts does patient 6f1c… have?',
      ],
      keywords: ['clinical', 'decision', 'alerts', 'safe', 'sepsis', 'interaction'],
    },
  ],
});
