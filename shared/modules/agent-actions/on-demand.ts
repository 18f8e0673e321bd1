/**
 * What other parts use of the agent-actions service and dispatcher, loaded on first call: the
 * index must not import service.ts or dispatch.ts, or every function whose module declares an
 * action type (to serve its proposals) would carry them, and the EventBridge client, at start
 * (issue 15's bundle sizes); the proposal operation loads the service the same way.
 */
import type * as dispatch from './dispatch';
import type * as nearMatch from './near-match-risk';
import type * as service from './service';

export const listActions = async (
  ...args: Parameters<typeof service.listActions>
): ReturnType<typeof service.listActions> => (await import('./service')).listActions(...args);

export const applySettingsChanges = async (
  ...args: Parameters<typeof service.applySettingsChanges>
): ReturnType<typeof service.applySettingsChanges> =>
  (await import('./service')).applySettingsChanges(...args);

export const sweepAgentActions = async (
  ...args: Parameters<typeof dispatch.sweepAgentActions>
): ReturnType<typeof dispatch.sweepAgentActions> =>
  (await import('./dispatch')).sweepAgentActions(...args);

export const executeApproved = async (
  ...args: Parameters<typeof dispatch.executeApproved>
): ReturnType<typeof dispatch.executeApproved> =>
  (await import('./dispatch')).executeApproved(...args);

export const nearMatchRiskFindings = async (
  ...args: Parameters<typeof nearMatch.nearMatchRiskFindings>
): Promise<ReturnType<typeof nearMatch.nearMatchRiskFindings>> =>
  (await import('./near-match-risk')).nearMatchRiskFindings(...args);
