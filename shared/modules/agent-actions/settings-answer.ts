/**
 * Agent action settings as the settings module shows them, and who may change them: apart from
 * the service (service.ts loads on demand), so the settings function's start does not carry it.
 */
import { defineDecision } from '../../kernel/decisions';
import type * as z from '../../kernel/zod';
import { ACTION_TYPE_NAMES, actionTypeInfo } from './action-type-names';
import type { AgentActionSettings } from './schemas';
import type { readSettings } from './store';

/**
 * Auto-approval runs approved actions as whoever turned it on, so that is a signed-in
 * administrator (the access rule admits ADMIN; this keeps the system out). Declared on
 * agent-actions.updateSettings.
 */
export const settingsDecision = defineDecision({
  what: 'change agent action settings',
  when: 'the caller is not a signed-in person (not even the system acting for an administrator): whoever turns auto-approval on is recorded, and its approvals run as them',
  checkedBy: 'implementation',
  refusal: 'Only a signed-in administrator may change agent action settings',
});

/** The settings answer: every type of the catalogue, with its defaults where nothing is set. */
export function settingsAnswer(
  settings: Awaited<ReturnType<typeof readSettings>>,
): z.output<typeof AgentActionSettings> {
  return {
    // Every type of the catalogue, whether or not its module is loaded in this function.
    types: ACTION_TYPE_NAMES.map((type) => {
      const s = settings.types[type];
      const { lifetimeMinutes } = actionTypeInfo(type);
      const actsAs = s?.autoApproveActsAs ?? s?.autoApproveEnabledBy;
      return {
        type,
        autoApprove: s?.autoApprove ?? false,
        lifetimeMinutes: s?.lifetimeMinutes ?? lifetimeMinutes,
        defaultLifetimeMinutes: lifetimeMinutes,
        ...(s?.autoApprove && s.autoApproveEnabledBy
          ? { autoApproveEnabledBy: s.autoApproveEnabledBy.id }
          : {}),
        ...(s?.autoApprove && actsAs ? { autoApproveAs: actsAs.id } : {}),
        ...(s ? { updatedAt: s.updatedAt } : {}),
      };
    }),
  };
}
