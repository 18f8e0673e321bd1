/**
 * The pure rules of the authorization server, at their RFCs' edges: PKCE S256 (RFC 7636 appendix B
 * test vector), redirect URI registration and matching (OAuth 2.1 §2.3.1, RFC 8252 §7.3), resource
 * indicators with and without a trailing slash, scopes bounded by role, the secrets' shapes, and
 * the WWW-Authenticate challenge's quoting (RFC 7235).
 */
import { describe, expect, it } from 'vitest';
import { bearerChallenge } from '../../../shared/edge/challenge';
import { sameResource } from '../../../shared/modules/oauth/authorization';
import { redirectUriMatches, redirectUriProblem } from '../../../shared/modules/oauth/redirects';
import { narrowScopes, parseScopeParam, scopesForRole } from '../../../shared/modules/oauth/scopes';
import {
  hashSecret,
  isS256Challenge,
  isSecret,
  newSecret,
  pkceMatches,
} from '../../../shared/modules/oauth/secrets';

describe('PKCE S256', () => {
  // RFC 7636 appendix B.
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('matches the RFC 7636 test vector and nothing else', () => {
    expect(isS256Challenge(challenge)).toBe(true);
    expect(pkceMatches(verifier, challenge)).toBe(true);
    expect(pkceMatches(`${verifier.slice(0, -1)}t`, challenge)).toBe(false);
    // A "plain" client sending the challenge as the verifier.
    expect(pkceMatches(challenge, challenge)).toBe(false);
  });

  it('refuses verifiers outside 43 to 128 unreserved characters', () => {
    expect(pkceMatches('a'.repeat(42), challenge)).toBe(false);
    expect(pkceMatches('a'.repeat(129), challenge)).toBe(false);
    expect(pkceMatches(`${'a'.repeat(42)}!`, challenge)).toBe(false);
  });
});

describe('redirect URIs', () => {
  it('registers https, loopback http and private-use schemes; nothing with a fragment', () => {
    expect(redirectUriProblem('https://claude.ai/api/mcp/auth_callback')).toBeNull();
    expect(redirectUriProblem('http://127.0.0.1/callback')).toBeNull();
    expect(redirectUriProblem('http://localhost:6274/oauth/callback')).toBeNull();
    expect(redirectUriProblem('http://[::1]:8080/cb')).toBeNull();
    expect(redirectUriProblem('com.example.app:/oauth2redirect')).toBeNull();
    expect(redirectUriProblem('http://example.test/cb')).toBe(
      'plain http is allowed for loopback redirect URIs only',
    );
    expect(redirectUriProblem('https://example.test/cb#frag')).toBe(
      'a redirect URI must not have a fragment',
    );
    expect(redirectUriProblem('javascript:alert(1)')).toBe(
      'the scheme javascript: is not allowed for a redirect URI',
    );
    expect(redirectUriProblem('not a uri')).toBe('not a uri is not an absolute URI');
  });

  it('matches exactly, except the port of a loopback URI', () => {
    const registered = ['https://app.example.test/cb', 'http://127.0.0.1/callback'];
    expect(redirectUriMatches('https://app.example.test/cb', registered)).toBe(true);
    expect(redirectUriMatches('https://app.example.test/cb/', registered)).toBe(false);
    expect(redirectUriMatches('https://app.example.test:8443/cb', registered)).toBe(false);
    expect(redirectUriMatches('https://app.example.test/cb?x=1', registered)).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1:53111/callback', registered)).toBe(true);
    expect(redirectUriMatches('http://127.0.0.1:53111/other', registered)).toBe(false);
    expect(redirectUriMatches('http://localhost:53111/callback', registered)).toBe(false);
    expect(redirectUriMatches('https://127.0.0.1:53111/callback', registered)).toBe(false);
  });
});

describe('resource indicators', () => {
  it('a pathless indicator matches with or without its trailing slash, nothing else', () => {
    expect(sameResource('https://mcp.example.test', 'https://mcp.example.test/')).toBe(true);
    expect(sameResource('https://mcp.example.test', 'https://mcp.example.test')).toBe(true);
    expect(sameResource('https://mcp.example.test', 'https://mcp.example.test/mcp')).toBe(false);
    expect(sameResource('https://mcp.example.test', 'https://evil.example.test/')).toBe(false);
  });
});

describe('scopes bounded by role', () => {
  // Written out from the agent catalogue's tools and their operations' roles (docs/agents.md).
  it('a receptionist may grant the reception and reading scopes, not clinical or money ones', () => {
    expect(scopesForRole('RECEPTIONIST')).toEqual([
      'patients:read',
      'patients:write',
      'doctors:read',
      'appointments:read',
      'appointments:write',
      'beds:read',
      // get-ed-board and get-ed-stats (the ED board is the receptionist's too).
      'emergency:read',
      // who-is-on-duty (roster) and get-agent-action (careTeam reads agent actions).
      'roster:read',
      'agents:reception:write',
      'agents:operations:read',
      'agent-actions:read',
    ]);
    expect(scopesForRole('ACCOUNTANT')).toEqual([
      'patients:read',
      'doctors:read',
      'beds:read',
      'billing:read',
      // billing-health-check (claims), who-is-on-duty (roster), get-report (reports).
      'claims:read',
      'roster:read',
      'reports:read',
      'agents:operations:read',
    ]);
  });

  it('narrows a choice to what was asked and what the role allows', () => {
    expect(
      narrowScopes(
        ['patients:read', 'billing:read', 'lab:read'],
        ['patients:read', 'billing:read'],
        'RECEPTIONIST',
      ),
    ).toEqual(['patients:read']);
    expect(narrowScopes([], ['patients:read'], 'ADMIN')).toEqual([]);
  });

  it('reads a scope parameter: known names once, unknown dropped', () => {
    expect(parseScopeParam('patients:read  patients:read openid billing:read')).toEqual([
      'patients:read',
      'billing:read',
    ]);
    expect(parseScopeParam(undefined)).toEqual([]);
  });
});

describe('secrets', () => {
  it('have their prefix and 32 random bytes; only the hash is kept', () => {
    const token = newSecret('access');
    expect(token).toMatch(/^hms_at_[A-Za-z0-9_-]{43}$/);
    expect(isSecret('access', token)).toBe(true);
    expect(isSecret('refresh', token)).toBe(false);
    expect(newSecret('access')).not.toBe(token);
    expect(hashSecret(token)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashSecret(token)).not.toContain(token.slice(7));
  });
});

describe('WWW-Authenticate', () => {
  it('quotes every auth-param and escapes quotes and backslashes', () => {
    expect(bearerChallenge({})).toBe('Bearer');
    expect(
      bearerChallenge({
        resource_metadata: 'https://mcp.example.test/.well-known/oauth-protected-resource/mcp',
        error: 'invalid_token',
        error_description: 'say "no" \\ here',
        scope: undefined,
      }),
    ).toBe(
      'Bearer resource_metadata="https://mcp.example.test/.well-known/oauth-protected-resource/mcp", error="invalid_token", error_description="say \\"no\\" \\\\ here"',
    );
  });
});
