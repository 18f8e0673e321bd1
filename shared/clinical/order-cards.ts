/**
 * The hard stop of decision support where an order is placed: a critical card stops the order
 * unless the prescriber gives a reason to override it, and that reason is stored with the order
 * (as an allergy override is). The drug-allergy card is left out here because prescribing already
 * stops on it with its own override (allergyOverrideReason, clinical/prescribing.ts): one stop,
 * one reason, for one hazard.
 */

import { Conflict } from '../kernel/errors';
import type { Card } from './cds-card';

/** The critical cards that stop an order (the allergy card has its own stop). */
export function hardStops(cards: readonly Card[]): Card[] {
  return cards.filter((c) => c.indicator === 'critical' && c.source.topic?.code !== 'drug-allergy');
}

export interface CdsOverride {
  cdsOverrideReason?: string;
  /** The summaries of the critical cards overridden, as shown to the prescriber. */
  cdsOverriddenCards?: string[];
}

/**
 * What to store of the override: nothing when no card stops the order; the reason and the cards
 * when one does and a reason is given; a Conflict (409) listing the cards otherwise. A reason
 * given with nothing to override is not stored (it would mislead).
 */
export function cdsOverride(
  subject: string,
  cards: readonly Card[],
  reason: string | null | undefined,
  stopped: { what: string; instead: string } = {
    what: 'this order',
    instead: 'give cdsOverrideReason to prescribe it anyway',
  },
): CdsOverride {
  const stops = hardStops(cards);
  if (stops.length === 0) return {};
  const why = reason?.trim();
  if (!why)
    throw new Conflict(
      `${subject}: decision support stops ${stopped.what} (${stops.map((c) => c.summary).join('; ')}); ${stopped.instead}`,
      { cards: stops },
    );
  return { cdsOverrideReason: why, cdsOverriddenCards: stops.map((c) => c.summary) };
}
