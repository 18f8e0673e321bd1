/**
 * How API Gateway reads a Lambda authorizer's policy, for the local runtime: the request is let
 * through only if some Allow statement names `execute-api:Invoke` on a Resource matching the
 * request's method ARN, and no Deny statement matches it. Resources and actions are IAM patterns:
 * `*` is any run of characters (slashes included), `?` one character.
 *
 * Evaluating the Resource (not just the Effect) means an authorizer that names the wrong ARN
 * fails locally and in the integration tests, as it would on AWS.
 */

interface Statement {
  Effect: string;
  Action?: string | string[];
  Resource?: string | string[];
}

const asList = (x: string | string[] | undefined): string[] =>
  x === undefined ? [] : Array.isArray(x) ? x : [x];

export function iamPatternMatches(
  pattern: string,
  value: string,
  options: { ignoreCase?: boolean } = {},
): boolean {
  const source = pattern
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, options.ignoreCase ? 'is' : 's').test(value);
}

function matches(statement: Statement, methodArn: string): boolean {
  // IAM action names are case-insensitive; ARNs are not.
  const invokes = asList(statement.Action).some((a) =>
    iamPatternMatches(a, 'execute-api:Invoke', { ignoreCase: true }),
  );
  return invokes && asList(statement.Resource).some((r) => iamPatternMatches(r, methodArn));
}

/** `arn:aws:execute-api:<region>:<account>:<apiId>/<stage>/<METHOD>/<path without its leading slash>`. */
export function localMethodArn(stage: string, method: string, path: string): string {
  return `arn:aws:execute-api:local:000000000000:local/${stage}/${method}/${path.replace(/^\//, '')}`;
}

export function evaluatePolicy(
  document: { Statement?: Statement[] } | undefined,
  methodArn: string,
): 'Allow' | 'Deny' {
  const statements = (document?.Statement ?? []).filter((s) => matches(s, methodArn));
  if (statements.some((s) => s.Effect === 'Deny')) return 'Deny';
  return statements.some((s) => s.Effect === 'Allow') ? 'Allow' : 'Deny';
}
