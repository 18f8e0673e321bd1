/**
 * The HITL action type whose target is a lab operation: lab tests an agent proposes for a doctor
 * to order (shared/modules/agent-actions/action-types.ts; listed in manifest.ts).
 */
import * as z from '../../kernel/zod';
import {
  createdId,
  defineActionType,
  inputFieldsOf,
  orderPriorityFindings,
  requirePatient,
} from '../agent-actions';
import { order } from './operations';

export const labOrderAction = defineActionType({
  type: 'lab-order',
  title: 'Lab order',
  proposeSummary: 'Propose lab tests or panels from an encounter for a doctor to approve',
  proposal: z.strictObject(inputFieldsOf(order)),
  proposers: ['DOCTOR', 'NURSE'],
  target: order,
  toTargetInput: (proposal) => proposal,
  async assess(ctx, input) {
    const o = input as z.output<typeof order.input>;
    // Resolving the source reads encounters and admissions: loaded with the first proposal.
    const source = await (await import('./source')).resolveSource(ctx, o.source);
    const patient = await requirePatient(ctx, source.patientId);
    return {
      patientId: patient.id,
      patientName: patient.name,
      summary: `Lab order (${o.priority}): ${o.codes.join(', ')} from ${o.source.kind} ${o.source.id}${o.clinicalNotes ? `; ${o.clinicalNotes}` : ''}`,
      findings: orderPriorityFindings(o.priority),
    };
  },
  resultId: createdId,
  result: 'created',
  lifetimeMinutes: 8 * 60,
  riskRules: ['HIGH: a stat order', 'MEDIUM: an urgent order', 'LOW: a routine order'],
  tool: {
    skill: null,
    title: 'Propose a lab order',
    description:
      'Propose lab tests or panels (catalogue codes, priority) from an encounter with your rationale, for a doctor to approve.',
    tags: ['lab', 'diagnostics', 'hitl', 'clinical'],
    keywords: ['lab', 'test', 'blood', 'panel', 'order', 'investigation'],
    examples: ['Order a CBC and CRP, urgent, from encounter 9c1d…'],
  },
});
