import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthorizerPolicyCache } from '../../../bin/local/authorizer-cache';
import { evaluatePolicy, iamPatternMatches, localMethodArn } from '../../../bin/local/policy';
import { parseMethodArn, stagePolicy, stageWildcard } from '../../../shared/auth/policy';
import {
  fromAuthorizerContext,
  type Principal,
  toAuthorizerContext,
} from '../../../shared/auth/principal';

// The handler's only I/O is resolvePrincipal (JWT + table reads); the policy is what is under test.
const resolvePrincipal = vi.hoisted(() => vi.fn<() => Promise<Principal | null>>());
vi.mock('../../../shared/edge/authenticate', async (original) => ({
  ...(await original<typeof import('../../../shared/edge/authenticate')>()),
  resolvePrincipal,
}));
const { handler } = await import('../../../functions/authorizer/handler');

const PRINCIPAL: Principal = {
  actor: { kind: 'user', id: 'u-1', role: 'ADMIN' },
  tenant: {
    id: 't-1',
    slug: 'city',
    name: 'City Hospital',
    status: 'TRIAL',
    trialEndsAt: '2099-01-01T00:00:00.000Z',
    timeZone: 'Asia/Kolkata',
  },
};

const ARN = 'arn:aws:execute-api:eu-west-1:123456789012:a1b2c3d4e5';
const STAGE = `${ARN}/prod/*`;

function event(methodArn: string): APIGatewayRequestAuthorizerEvent {
  return {
    type: 'REQUEST',
    methodArn,
    headers: { Authorization: 'Bearer x' },
    requestContext: { requestId: 'r-1' },
  } as unknown as APIGatewayRequestAuthorizerEvent;
}

describe('stageWildcard', () => {
  it.each([
    [`${ARN}/prod/GET/users`, STAGE],
    [`${ARN}/prod/POST/patients/register`, STAGE],
    [`${ARN}/prod/PATCH/appointments/3f1c0c9e-0000-4000-8000-000000000000/status`, STAGE],
    [`${ARN}/prod/GET/doctors/d-1/availability`, STAGE],
    [`${ARN}/prod/GET/`, STAGE],
    [`${ARN}/v2-beta/DELETE/a/b/c/d/e`, `${ARN}/v2-beta/*`],
    // A colon inside the path does not move the ARN fields.
    [`${ARN}/prod/GET/files/a:b`, STAGE],
    [
      'arn:aws-us-gov:execute-api:us-gov-west-1:123456789012:abc/prod/GET/x',
      'arn:aws-us-gov:execute-api:us-gov-west-1:123456789012:abc/prod/*',
    ],
  ])('%s → %s', (methodArn, expected) => {
    expect(stageWildcard(methodArn)).toBe(expected);
  });

  it('splits the method ARN into its named parts', () => {
    expect(parseMethodArn(`${ARN}/prod/PATCH/encounters/e-1/vitals`)).toEqual({
      prefix: 'arn:aws:execute-api:eu-west-1:123456789012',
      apiId: 'a1b2c3d4e5',
      stage: 'prod',
      method: 'PATCH',
      path: 'encounters/e-1/vitals',
    });
  });

  it('refuses what is not a method ARN rather than guessing a resource', () => {
    for (const bad of [
      '',
      'arn:aws:lambda:eu-west-1:123456789012:function:f',
      `${ARN}`,
      `${ARN}/prod`,
    ]) {
      expect(() => stageWildcard(bad), bad).toThrow();
    }
  });

  it('names the stage for Deny as well as Allow', () => {
    expect(stagePolicy('Deny', `${ARN}/prod/GET/users`).Statement).toEqual([
      { Action: 'execute-api:Invoke', Effect: 'Deny', Resource: STAGE },
    ]);
  });
});

describe('authorizer handler', () => {
  beforeEach(() => {
    resolvePrincipal.mockReset();
  });

  it.each([
    `${ARN}/prod/GET/users`,
    `${ARN}/prod/POST/appointments/a-1/status`,
    `${ARN}/prod/GET/`,
  ])('allows the whole stage for %s', async (methodArn) => {
    resolvePrincipal.mockResolvedValue(PRINCIPAL);
    const result = await handler(event(methodArn));
    expect(result.principalId).toBe('user:u-1');
    expect(result.policyDocument.Statement).toEqual([
      { Action: 'execute-api:Invoke', Effect: 'Allow', Resource: STAGE },
    ]);
  });

  it('an answer cached from a GET lets a POST, PATCH or HEAD on other paths of the stage through (API Gateway reuses it per token)', async () => {
    resolvePrincipal.mockResolvedValue(PRINCIPAL);
    const cached = await handler(event(`${ARN}/prod/GET/users`));
    for (const later of [
      `${ARN}/prod/POST/users`,
      `${ARN}/prod/PATCH/users/u-2`,
      `${ARN}/prod/POST/encounters/e-1/prescriptions`,
      `${ARN}/prod/GET/`,
    ]) {
      expect(evaluatePolicy(cached.policyDocument, later), later).toBe('Allow');
    }
    // …but not another stage or another API.
    expect(evaluatePolicy(cached.policyDocument, `${ARN}/test/GET/users`)).toBe('Deny');
    expect(
      evaluatePolicy(
        cached.policyDocument,
        'arn:aws:execute-api:eu-west-1:123456789012:other/prod/GET/users',
      ),
    ).toBe('Deny');
  });

  it('an OAuth access token is checked for the A2A resource of the URL reached, and its policy names POST /a2a alone', async () => {
    resolvePrincipal.mockResolvedValue(PRINCIPAL);
    const oauthEvent = {
      ...event(`${ARN}/prod/GET/patients`),
      headers: {
        Authorization: 'Bearer hms_at_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        Host: 'api.example',
        'X-Forwarded-Proto': 'https',
      },
      path: '/patients',
      requestContext: { requestId: 'r-2', path: '/prod/patients' },
    } as unknown as APIGatewayRequestAuthorizerEvent;
    const result = await handler(oauthEvent);
    expect(resolvePrincipal.mock.calls[0]).toEqual([
      expect.anything(),
      'Bearer hms_at_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      expect.any(Date),
      undefined,
      ['https://api.example/prod/a2a'],
    ]);
    expect(result.policyDocument.Statement).toEqual([
      { Action: 'execute-api:Invoke', Effect: 'Allow', Resource: `${ARN}/prod/POST/a2a` },
    ]);
    expect(evaluatePolicy(result.policyDocument, `${ARN}/prod/POST/a2a`)).toBe('Allow');
    for (const other of [
      `${ARN}/prod/GET/patients`,
      `${ARN}/prod/POST/a2a/x`,
      `${ARN}/prod/GET/a2a`,
    ])
      expect(evaluatePolicy(result.policyDocument, other), other).toBe('Deny');
    // Any other credential is verified with no audience: an OAuth token never passes for it.
    await handler(event(`${ARN}/prod/GET/users`));
    expect((resolvePrincipal.mock.calls[1] as unknown[])[4]).toEqual([]);
  });

  it('throws Unauthorized (API Gateway: 401) for a refused credential', async () => {
    resolvePrincipal.mockResolvedValue(null);
    await expect(handler(event(`${ARN}/prod/GET/users`))).rejects.toThrow(/^Unauthorized$/);
  });

  it.each([
    ['no credential', {}, 'missing'],
    ['an empty Authorization header', { Authorization: '' }, 'missing'],
    ['an unknown key', { Authorization: 'Bearer svc_sk_unknown' }, 'refused'],
    ['an expired OAuth token', { Authorization: `Bearer hms_at_${'A'.repeat(43)}` }, 'refused'],
  ])(
    'lets POST /a2a with %s through to the A2A function alone, with no principal and flagged (its 401 with the OAuth challenge)',
    async (_, headers, reason) => {
      resolvePrincipal.mockResolvedValue(null);
      const result = await handler({
        ...event(`${ARN}/prod/POST/a2a`),
        headers,
      } as unknown as APIGatewayRequestAuthorizerEvent);
      expect(result.principalId).toBe('unauthenticated');
      expect(result.context).toEqual({ unauthenticated: reason });
      // No principal can be read from it: the function answers 401 whatever it does.
      expect(fromAuthorizerContext(result.context)).toBeNull();
      expect(result.policyDocument.Statement).toEqual([
        { Action: 'execute-api:Invoke', Effect: 'Allow', Resource: `${ARN}/prod/POST/a2a` },
      ]);
      for (const other of [
        `${ARN}/prod/GET/patients`,
        `${ARN}/prod/POST/users`,
        `${ARN}/prod/GET/a2a`,
        `${ARN}/prod/POST/a2a/x`,
        `${ARN}/test/POST/a2a`,
      ])
        expect(evaluatePolicy(result.policyDocument, other), other).toBe('Deny');
    },
  );

  it.each([
    `${ARN}/prod/GET/users`,
    `${ARN}/prod/GET/a2a`,
    `${ARN}/prod/POST/a2a/x`,
    `${ARN}/prod/POST/oauth/grants/g-1/revoke`,
  ])(
    'anywhere else (%s) a missing or refused credential is still a 401 from API Gateway',
    async (methodArn) => {
      resolvePrincipal.mockResolvedValue(null);
      for (const headers of [{}, { Authorization: 'Bearer svc_sk_unknown' }])
        await expect(
          handler({ ...event(methodArn), headers } as unknown as APIGatewayRequestAuthorizerEvent),
        ).rejects.toThrow(/^Unauthorized$/);
    },
  );

  it('a verified credential at POST /a2a gets its usual policy and principal, never the flag', async () => {
    resolvePrincipal.mockResolvedValue(PRINCIPAL);
    const result = await handler(event(`${ARN}/prod/POST/a2a`));
    expect(result.principalId).toBe('user:u-1');
    expect(result.context).not.toHaveProperty('unauthenticated');
    expect(fromAuthorizerContext(result.context)).toEqual(PRINCIPAL);
  });
});

describe('a context flagged unauthenticated', () => {
  it('never yields a principal, even with principal fields beside the flag', () => {
    expect(
      fromAuthorizerContext({ ...toAuthorizerContext(PRINCIPAL), unauthenticated: 'missing' }),
    ).toBeNull();
    expect(fromAuthorizerContext(toAuthorizerContext(PRINCIPAL))).toEqual(PRINCIPAL);
  });
});

describe('local policy evaluation (as API Gateway)', () => {
  const allow = (
    Resource: string | string[],
    Action: string | string[] = 'execute-api:Invoke',
  ) => ({ Statement: [{ Effect: 'Allow', Action, Resource }] });

  it('matches * across slashes and ? as one character', () => {
    expect(iamPatternMatches(`${ARN}/prod/*`, `${ARN}/prod/POST/a/b/c`)).toBe(true);
    expect(iamPatternMatches(`${ARN}/prod/*/*`, `${ARN}/prod/GET/`)).toBe(true);
    expect(iamPatternMatches(`${ARN}/pro?/GET/x`, `${ARN}/prod/GET/x`)).toBe(true);
    expect(iamPatternMatches(`${ARN}/prod/GET/x`, `${ARN}/prod/GET/x/y`)).toBe(false);
    // Dots and other regex characters are literal.
    expect(iamPatternMatches('a.b', 'axb')).toBe(false);
  });

  it('the resource of the old bug (…/stage/GET/*) lets GETs through and refuses a POST', () => {
    const buggy = allow(`${ARN}/prod/GET/*`);
    expect(evaluatePolicy(buggy, `${ARN}/prod/GET/users`)).toBe('Allow');
    expect(evaluatePolicy(buggy, `${ARN}/prod/POST/users`)).toBe('Deny');
  });

  it('needs execute-api:Invoke (or a wildcard action), and a Deny wins', () => {
    const arn = `${ARN}/prod/GET/users`;
    expect(evaluatePolicy(allow(STAGE, 'execute-api:*'), arn)).toBe('Allow');
    expect(evaluatePolicy(allow(STAGE, 'EXECUTE-API:invoke'), arn)).toBe('Allow');
    expect(evaluatePolicy(allow(STAGE, 'execute-api:ManageConnections'), arn)).toBe('Deny');
    expect(evaluatePolicy(allow([`${ARN}/prod/POST/*`, STAGE]), arn)).toBe('Allow');
    expect(evaluatePolicy({ Statement: [] }, arn)).toBe('Deny');
    expect(evaluatePolicy(undefined, arn)).toBe('Deny');
    expect(
      evaluatePolicy(
        {
          Statement: [
            ...allow(STAGE).Statement,
            { Effect: 'Deny', Action: 'execute-api:Invoke', Resource: `${ARN}/prod/GET/*` },
          ],
        },
        arn,
      ),
    ).toBe('Deny');
  });

  it('builds method ARNs as API Gateway does: the actual path, no leading slash', () => {
    expect(localMethodArn('local', 'GET', '/users/u-1')).toBe(
      'arn:aws:execute-api:local:000000000000:local/local/GET/users/u-1',
    );
    expect(localMethodArn('prod', 'GET', '/')).toBe(
      'arn:aws:execute-api:local:000000000000:local/prod/GET/',
    );
    expect(stageWildcard(localMethodArn('prod', 'POST', '/a/b'))).toBe(
      'arn:aws:execute-api:local:000000000000:local/prod/*',
    );
  });
});

describe('local emulation of the authorizer cache', () => {
  const GET = `${ARN}/prod/GET/users`;
  const POST = `${ARN}/prod/POST/users`;
  const methodOnly = (methodArn: string) => ({
    Statement: [{ Effect: 'Allow', Action: 'execute-api:Invoke', Resource: methodArn }],
  });

  it('judges a later request by the first answer for the same Authorization value, until the TTL passes', () => {
    let now = 0;
    const cache = new AuthorizerPolicyCache(60_000, () => now);
    expect(cache.allows('Bearer a', methodOnly(GET), GET)).toBe(true);
    // The fresh answer would allow the POST, but API Gateway would still be using the GET's.
    expect(cache.allows('Bearer a', methodOnly(POST), POST)).toBe(false);
    // Another credential has its own entry.
    expect(cache.allows('Bearer b', methodOnly(POST), POST)).toBe(true);
    now = 60_000;
    expect(cache.allows('Bearer a', methodOnly(POST), POST)).toBe(true);
  });

  it('a stage-wide answer serves every method', () => {
    const cache = new AuthorizerPolicyCache(60_000);
    expect(cache.allows('Bearer a', stagePolicy('Allow', GET), GET)).toBe(true);
    expect(cache.allows('Bearer a', stagePolicy('Allow', POST), POST)).toBe(true);
    expect(
      cache.allows('Bearer a', stagePolicy('Allow', POST), `${ARN}/prod/PATCH/users/u-1`),
    ).toBe(true);
  });
});
