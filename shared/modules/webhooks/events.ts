/**
 * The events a hospital may subscribe its systems to: each bus event (detail-type) has a public
 * name and an event id that names the happening once (a delivery is keyed by it, so an event the
 * bus delivers twice is sent to a subscription once).
 */
import { AGENT_ACTION_APPROVED, AGENT_ACTION_PROPOSED } from '../agent-actions/index';
import { CLAIM_DENIED } from '../claims/index';
import { LAB_CRITICAL_RESULT } from '../lab/index';

export const WEBHOOK_EVENT_TYPES = [
  'lab.critical_result',
  'agent_action.proposed',
  'agent_action.approved',
  'claim.denied',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

interface Mapping {
  type: WebhookEventType;
  eventId: (detail: Record<string, unknown>) => string;
}

export const WEBHOOK_SOURCES: Readonly<Record<string, Mapping>> = {
  [LAB_CRITICAL_RESULT]: { type: 'lab.critical_result', eventId: (d) => String(d.eventId) },
  [AGENT_ACTION_PROPOSED]: { type: 'agent_action.proposed', eventId: (d) => String(d.eventId) },
  [AGENT_ACTION_APPROVED]: {
    type: 'agent_action.approved',
    // Republished when its executor was not seen to run: the same approval, one webhook event.
    eventId: (d) => `agent-action-approved:${String(d.actionId)}`,
  },
  [CLAIM_DENIED]: { type: 'claim.denied', eventId: (d) => String(d.adjudicationId) },
};

/** The detail types the webhooks function listens to (its EventBridge rule). */
export const WEBHOOK_DETAIL_TYPES = Object.keys(WEBHOOK_SOURCES);
