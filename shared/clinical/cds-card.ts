/**
 * CDS Hooks 2.0 cards (https://cds-hooks.hl7.org/2.0/#card-attributes): what every decision-support
 * rule answers. The shapes here are the specification's, so the same card is returned by the CDS
 * Hooks service, by the patient's alerts, by prescribing and to agents.
 */
import * as z from '../kernel/zod';

export const CARD_INDICATORS = ['info', 'warning', 'critical'] as const;
export type CardIndicator = (typeof CARD_INDICATORS)[number];

const Coding = z.strictObject({
  code: z.string(),
  system: z.optional(z.string()),
  display: z.optional(z.string()),
});

export const CardSource = z.strictObject({
  label: z.string(),
  url: z.optional(z.string()),
  icon: z.optional(z.string()),
  topic: z.optional(Coding),
});

export const CardAction = z.strictObject({
  type: z.enum(['create', 'update', 'delete']),
  description: z.string(),
  resource: z.optional(z.record(z.string(), z.unknown())),
  resourceId: z.optional(z.string()),
});

export const CardSuggestion = z.strictObject({
  label: z.string(),
  uuid: z.optional(z.string()),
  isRecommended: z.optional(z.boolean()),
  actions: z.optional(z.array(CardAction)),
});

export const CardLink = z.strictObject({
  label: z.string(),
  url: z.string(),
  type: z.enum(['absolute', 'smart']),
  appContext: z.optional(z.string()),
});

export const Card = z.strictObject({
  uuid: z.optional(z.string()),
  /** At most 140 characters (the specification's limit). */
  summary: z.string().check(z.maxLength(140)),
  detail: z.optional(z.string()),
  indicator: z.enum(CARD_INDICATORS),
  source: CardSource,
  suggestions: z.optional(z.array(CardSuggestion)),
  selectionBehavior: z.optional(z.enum(['at-most-one', 'any'])),
  overrideReasons: z.optional(z.array(Coding)),
  links: z.optional(z.array(CardLink)),
});
export type Card = z.output<typeof Card>;

/** The override reasons every critical or warning card offers (a stored reason is required). */
export const OVERRIDE_REASONS: z.output<typeof Coding>[] = [
  {
    code: 'benefit-outweighs-risk',
    system: 'urn:hms:cds-override',
    display: 'Benefit outweighs the risk',
  },
  {
    code: 'patient-monitored',
    system: 'urn:hms:cds-override',
    display: 'Will monitor the patient closely',
  },
  { code: 'already-addressed', system: 'urn:hms:cds-override', display: 'Already addressed' },
  {
    code: 'not-applicable',
    system: 'urn:hms:cds-override',
    display: 'Does not apply to this patient',
  },
];
