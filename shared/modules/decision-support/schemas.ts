/**
 * The decision-support service's shapes: CDS Hooks 2.0 discovery, requests and responses
 * (https://cds-hooks.hl7.org/2.0/), the patient's alerts for staff and agents, overrides, rules.
 */
import { Card, OVERRIDE_REASONS } from '../../clinical/cds-card';
import { idParam, nonEmpty, oneOf } from '../../kernel/fields';
import { TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';

export { Card };

const Json = z.record(z.string(), z.unknown());

/** One CDS Service of the discovery response (CDS Hooks 2.0 §Discovery). */
export const CdsServiceDescriptor = z.strictObject({
  hook: z.string(),
  title: z.optional(z.string()),
  description: z.string(),
  id: z.string(),
  prefetch: z.optional(z.record(z.string(), z.string())),
  usageRequirements: z.optional(z.string()),
});
export const Discovery = z.strictObject({ services: z.array(CdsServiceDescriptor) });

export const FhirAuthorization = z.strictObject({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  scope: z.string(),
  subject: z.string(),
  patient: z.optional(z.string()),
});

/** A CDS Hooks request (§HTTP Request): the service id comes from the path. */
export const HookRequest = z.strictObject({
  id: nonEmpty(100),
  hook: nonEmpty(100),
  hookInstance: z
    .string({ message: 'must be a string (a UUID)' })
    .check(z.regex(/^[0-9a-fA-F-]{36}$/, 'must be a UUID')),
  fhirServer: z.optional(z.url({ message: 'must be a URL' })),
  fhirAuthorization: z.optional(FhirAuthorization),
  context: z.record(z.string(), z.unknown(), { message: 'must be an object' }),
  prefetch: z.optional(z.record(z.string(), z.unknown(), { message: 'must be an object' })),
  extension: z.optional(Json),
});
export type HookRequest = z.output<typeof HookRequest>;

export const HookResponse = z.strictObject({
  cards: z.array(Card),
  systemActions: z.optional(z.array(Json)),
});

export const AlertsInput = z.strictObject({
  /** The patient's id or MRN (MRN-000042). */
  patient: nonEmpty(100),
  /** Drugs about to be ordered, comma-separated: screened as draft orders. */
  proposedDrugs: z.optional(nonEmpty(500)),
  /** An iodinated contrast study is planned (metformin rule): true or false. */
  iodinatedContrast: z.optional(
    z.union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' }),
  ),
});

export const RuleRef = z.strictObject({ id: z.string(), version: z.string() });

export const Alerts = z.strictObject({
  patient: z.strictObject({ id: z.string(), mrn: z.string(), name: z.string() }),
  cards: z.array(Card),
  rulesApplied: z.array(RuleRef),
  /** What the clinician might do next, in words; orders go through propose-* and a human. */
  nextSteps: z.array(z.string()),
});

const OVERRIDE_CODES = OVERRIDE_REASONS.map((r) => r.code) as [string, ...string[]];

export const OverrideInput = z.strictObject({
  patientId: idParam(),
  ruleId: nonEmpty(100),
  cardSummary: nonEmpty(200),
  indicator: oneOf('indicator', ['warning', 'critical'] as const),
  reasonCode: oneOf('reasonCode', OVERRIDE_CODES),
  comment: z.optional(nonEmpty(1000)),
});

export const Override = z.strictObject({
  id: z.string(),
  patientId: z.string(),
  ruleId: z.string(),
  ruleVersion: z.string(),
  cardSummary: z.string(),
  indicator: z.enum(['warning', 'critical']),
  reasonCode: z.string(),
  reasonDisplay: z.string(),
  comment: z.optional(z.string()),
  overriddenBy: z.string(),
  overriddenAt: TimestampSchema,
});
export const PatientIdInput = z.strictObject({ patientId: idParam() });
export const OverrideList = z.strictObject({ items: z.array(Override) });

export const RuleSettingChange = z.strictObject({
  enabled: z.boolean(),
  reason: z.string(),
  by: z.string(),
  at: TimestampSchema,
});
export const RuleInfo = z.strictObject({
  id: z.string(),
  version: z.string(),
  title: z.string(),
  source: z.strictObject({ title: z.string(), year: z.number(), url: z.string() }),
  hooks: z.array(z.string()),
  enabled: z.boolean(),
  history: z.array(RuleSettingChange),
});
export const RuleList = z.strictObject({ items: z.array(RuleInfo) });
export const RuleIdInput = z.strictObject({ id: nonEmpty(100) });
export const SetRuleInput = z.strictObject({
  id: nonEmpty(100),
  enabled: z.boolean({ message: 'must be true or false' }),
  reason: nonEmpty(500),
});

// ─── CDS Hooks 2.0 feedback (§Feedback): what the clinician did with each card ──────────────

const uuidText = (field: string) =>
  z
    .string({ message: `${field} must be a string (a UUID)` })
    .check(z.regex(/^[0-9a-fA-F-]{36}$/, `${field} must be a UUID`));

export const FeedbackEntry = z
  .strictObject({
    /** The `uuid` of the card the service returned. */
    card: uuidText('card'),
    outcome: oneOf('outcome', ['accepted', 'overridden'] as const),
    acceptedSuggestions: z.optional(
      z.array(z.strictObject({ id: uuidText('acceptedSuggestions.id') })).check(z.maxLength(20)),
    ),
    overrideReason: z.optional(
      z.strictObject({
        reason: z.optional(
          z.strictObject({
            code: oneOf('overrideReason.reason.code', OVERRIDE_CODES),
            system: z.optional(nonEmpty(200)),
            display: z.optional(nonEmpty(200)),
          }),
        ),
        userComment: z.optional(nonEmpty(1000)),
      }),
    ),
    outcomeTimestamp: TimestampSchema,
  })
  .check(
    z.superRefine((f, ctx) => {
      // The specification: accepted names the suggestions taken; an override may say why. The
      // hospital asks a reason of every override, as for its own overrides.
      if (f.outcome === 'accepted' && !f.acceptedSuggestions?.length)
        ctx.addIssue({
          code: 'custom',
          path: ['acceptedSuggestions'],
          message: 'is required (at least one suggestion id) when outcome is accepted',
        });
      if (f.outcome === 'accepted' && f.overrideReason)
        ctx.addIssue({
          code: 'custom',
          path: ['overrideReason'],
          message: 'is only accepted when outcome is overridden',
        });
      if (f.outcome === 'overridden' && !f.overrideReason?.reason && !f.overrideReason?.userComment)
        ctx.addIssue({
          code: 'custom',
          path: ['overrideReason'],
          message: 'is required when outcome is overridden (a reason code or a userComment)',
        });
      if (f.outcome === 'overridden' && f.acceptedSuggestions)
        ctx.addIssue({
          code: 'custom',
          path: ['acceptedSuggestions'],
          message: 'is only accepted when outcome is accepted',
        });
    }),
  );

export const FeedbackInput = z.strictObject({
  id: nonEmpty(100),
  feedback: z
    .array(FeedbackEntry, { message: 'feedback must be an array' })
    .check(
      z.minLength(1, 'feedback must hold at least one entry'),
      z.maxLength(25, 'feedback must hold at most 25 entries'),
    ),
});

export const FeedbackRecordSchema = z.strictObject({
  serviceId: z.string(),
  card: z.string(),
  outcome: z.enum(['accepted', 'overridden']),
  acceptedSuggestions: z.optional(z.array(z.string())),
  reasonCode: z.optional(z.string()),
  reasonDisplay: z.optional(z.string()),
  userComment: z.optional(z.string()),
  outcomeTimestamp: TimestampSchema,
  recordedBy: z.string(),
  recordedAt: TimestampSchema,
});
export const FeedbackAnswer = z.strictObject({ recorded: z.number() });
export const FeedbackList = z.strictObject({ items: z.array(FeedbackRecordSchema) });
export const ServiceIdInput = z.strictObject({ id: nonEmpty(100) });
