/**
 * The decision-support cards of an imaging order: the contrast rules (contrast and renal function,
 * metformin with iodinated contrast) for the procedure's contrast agent, from what the hospital
 * holds about the patient (facts.ts: creatinine results, medicines, whether they are in hospital).
 * Cards to read, not a stop: the radiology safety screen already blocks scheduling on a low eGFR
 * or an AKI until answered or overridden (modules/radiology/safety.ts).
 */
import type { Card } from '../../clinical/cds-card';
import { evaluateRules } from '../../clinical/cds-rules';
import { agentOfProcedure } from '../../clinical/contrast';
import type { Context } from '../../kernel/context';
import type { PatientRecord } from '../patients';
import { storedFacts } from './facts';
import { disabledRuleIds } from './store';

/** The rules an imaging order answers to. */
const IMAGING_RULES = new Set(['contrast-renal', 'metformin-contrast']);

export async function imagingOrderCards(
  ctx: Context,
  patient: PatientRecord,
  procedure: { modality: string; contrast: boolean },
): Promise<Card[]> {
  const agent = agentOfProcedure(procedure);
  if (!agent) return [];
  const [stored, disabled] = await Promise.all([
    storedFacts(ctx, patient),
    disabledRuleIds(ctx.store),
  ]);
  return evaluateRules(
    {
      ...stored,
      iodinatedContrast: agent === 'iodinated',
      gadoliniumContrast: agent === 'gadolinium',
    },
    'order-sign',
    disabled,
  ).filter((c) => IMAGING_RULES.has(c.source.topic?.code ?? ''));
}
