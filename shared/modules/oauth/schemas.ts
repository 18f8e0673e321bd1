import { idParam } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { SCOPE_NAMES } from '../../kernel/scopes';
import { TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';

const Scope = z.enum(SCOPE_NAMES, { message: 'must be a known scope' });

export const RequestIdInput = z.strictObject({ id: idParam() });

/** What the consent page shows of a pending authorization request. */
export const ConsentRequest = z.strictObject({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  /** Where the browser goes afterwards: the host the user should recognise. */
  redirectOrigin: z.string(),
  resource: z.string(),
  scopes: z.array(
    z.strictObject({
      scope: Scope,
      description: z.string(),
      /** Whether the user's role allows it; a scope it does not allow cannot be chosen. */
      allowed: z.boolean(),
    }),
  ),
  expiresAt: TimestampSchema,
});

export const DecisionInput = z.strictObject({
  id: idParam(),
  decision: z.enum(['allow', 'deny']),
  /** With `allow`: the scopes the user keeps (a subset of those requested that the role allows). */
  scopes: z.optional(z.array(Scope).check(z.maxLength(SCOPE_NAMES.length))),
});

export const Decision = z.strictObject({
  /** The client's redirect URI with the code (or access_denied), the state and the issuer. */
  redirectTo: z.string(),
  scopes: z.array(Scope),
});

export const Grant = z.strictObject({
  id: z.string(),
  userId: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  scopes: z.array(Scope),
  resource: z.string(),
  status: z.enum(['active', 'revoked']),
  createdAt: TimestampSchema,
  /** The last MCP or A2A call made with one of its tokens (to the minute); absent: never used. */
  lastUsedAt: z.optional(TimestampSchema),
  revokedAt: z.optional(TimestampSchema),
  revokedBecause: z.optional(z.string()),
  /**
   * An active grant: until when its latest refresh token works (30 days after a token was last
   * issued, at authorization or refresh); in the past, the agent must be authorized again.
   */
  tokensActiveUntil: z.optional(TimestampSchema),
});

export const ListGrantsInput = z.strictObject({ ...pageFields });
export const GrantPage = pageOf(Grant);
export const GrantIdInput = z.strictObject({ id: idParam() });
