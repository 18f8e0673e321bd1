import { Conflict } from './errors';
import type * as z from './zod';

/** Status → statuses it may move to. Each lifecycle module declares exactly one of these. */
export type TransitionTable<S extends string> = Readonly<Record<S, readonly S[]>>;

export function allowedNextStatuses<S extends string>(
  table: TransitionTable<S>,
  from: S,
): readonly S[] {
  // A stored record may carry a status this code no longer knows; it can go nowhere.
  return table[from] ?? [];
}

export function assertTableTransition<S extends string>(
  subject: string,
  table: TransitionTable<S>,
  from: S,
  to: S,
): void {
  const allowed = allowedNextStatuses(table, from);
  if (allowed.includes(to)) return;
  throw new Conflict(
    `Cannot change ${subject} status from '${from}' to '${to}'; allowed next states: ${
      allowed.length > 0 ? allowed.join(', ') : 'none'
    }`,
    { from, to, allowed: [...allowed] },
  );
}

/**
 * Renders the table for generated docs, so the docs cannot drift from the enforced rules.
 * `unused` statuses exist in the FHIR vocabulary but are never set by this service; they are
 * labelled separately so readers do not mistake them for terminal states.
 */
export function transitionTableMarkdown<S extends string>(
  table: TransitionTable<S>,
  options: { unused?: readonly S[] } = {},
): string {
  const unused = new Set<S>(options.unused ?? []);
  const rows = (Object.keys(table) as S[]).map((from) => {
    const next = allowedNextStatuses(table, from);
    const cell = unused.has(from)
      ? 'none (not used by this service)'
      : next.length > 0
        ? next.map((s) => `\`${s}\``).join(', ')
        : 'none (terminal)';
    return `| \`${from}\` | ${cell} |`;
  });
  return `${['| Status | Allowed next states |', '| --- | --- |', ...rows].join('\n')}\n`;
}

/**
 * A zod refinement for status-change bodies: `reasonField` must be a non-blank string when
 * `status` is one of `statuses`. The lifecycle module declares the statuses; the route schema
 * applies this at the edge so the 400 names the field.
 */
export function requireReasonFor<S extends string>(statuses: readonly S[], reasonField = 'reason') {
  return (
    body: { status?: S | undefined } & Record<string, unknown>,
    ctx: z.core.$RefinementCtx,
  ): void => {
    const reason = body[reasonField];
    if (
      body.status &&
      statuses.includes(body.status) &&
      !(typeof reason === 'string' && reason.trim())
    ) {
      ctx.addIssue({
        code: 'custom',
        path: [reasonField],
        message: `is required when status is '${body.status}'`,
      });
    }
  };
}
