/**
 * The HITL action type whose target is a radiology operation: a procedure an agent proposes for a
 * doctor to order (shared/modules/agent-actions/action-types.ts; listed in manifest.ts).
 */
import * as z from '../../kernel/zod';
import {
  createdId,
  defineActionType,
  inputFieldsOf,
  radiologyRiskFindings,
  requirePatient,
} from '../agent-actions';
import { order } from './operations';

export const radiologyOrderAction = defineActionType({
  type: 'radiology-order',
  title: 'Radiology order',
  proposeSummary:
    'Propose a radiology procedure from an encounter, with its clinical question, for a doctor to approve',
  proposal: z.strictObject(inputFieldsOf(order)),
  proposers: ['DOCTOR', 'NURSE'],
  target: order,
  toTargetInput: (proposal) => proposal,
  async assess(ctx, input) {
    const o = input as z.output<typeof order.input>;
    // The lab's source rules and the radiology service load with the first proposal.
    const [{ resolveSource }, { activeProcedure }] = await Promise.all([
      import('../lab'),
      import('./service'),
    ]);
    const source = await resolveSource(ctx, o.source);
    const patient = await requirePatient(ctx, source.patientId);
    // An unknown procedure is refused now, as the order would be; the contrast cards the order
    // will answer are shown to the doctor deciding (decision support).
    const procedure = await activeProcedure(ctx, o.procedureCode);
    const cards = await (await import('../decision-support')).imagingOrderCards(
      ctx,
      patient,
      procedure,
    );
    return {
      patientId: patient.id,
      patientName: patient.name,
      summary: `Radiology order (${o.priority}): ${o.procedureCode} from ${o.source.kind} ${o.source.id}; question: ${o.clinicalQuestion}`,
      cards,
      findings: radiologyRiskFindings({ priority: o.priority, safety: o.safety }),
    };
  },
  resultId: createdId,
  result: 'created',
  lifetimeMinutes: 24 * 60,
  riskRules: [
    'HIGH: a stat order',
    'HIGH: a safety answer the radiology screen stops on (possible pregnancy, contrast allergy, implant, eGFR below 30, acute kidney injury)',
    'MEDIUM: an urgent order',
    'LOW: a routine order without safety findings',
  ],
  tool: {
    skill: null,
    title: 'Propose a radiology order',
    description:
      'Propose a radiology procedure (code, priority, clinical question, safety answers) from an encounter with your rationale, for a doctor to approve.',
    tags: ['radiology', 'imaging', 'diagnostics', 'hitl', 'clinical'],
    keywords: ['xray', 'x-ray', 'scan', 'ct', 'mri', 'ultrasound', 'imaging', 'radiology'],
    examples: ['Order a chest X-ray from encounter 9c1d… to rule out pneumonia'],
  },
});
