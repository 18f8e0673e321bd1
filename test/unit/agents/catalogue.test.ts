import { describe, expect, it } from 'vitest';
import {
  agentCard,
  agentsResource,
  annotationsOf,
  CAPABILITIES,
  catalogueCounts,
  checkCatalogue,
  findCapability,
  grantedActor,
  metaSkills,
  metaTools,
  redactArguments,
  refusal,
  SKILLS,
  usableBy,
} from '../../../shared/agents';
import { agentCatalogueOf } from '../../../shared/manifest/derive';
import { MODULES } from '../../../shared/modules/index';

const cap = (name: string) => {
  const found = findCapability(name);
  if (!found) throw new Error(name);
  return found;
};
/** A capability as its module declares it (with its zod input), not its catalogue description. */
const declared = (name: string) => {
  const found = agentCatalogueOf(MODULES).capabilities.find((c) => c.name === name);
  if (!found) throw new Error(name);
  return found;
};
const key = (...scopes: string[]) => ({
  kind: 'apiKey' as const,
  id: 'k1',
  scopes: scopes as never[],
});

describe('agent catalogue', () => {
  it('holds the spec’s outpatient tools and skills, with unique names', () => {
    const names = CAPABILITIES.map((c) => c.name);
    for (const tool of [
      'search-patients',
      'get-patient',
      'register-patient',
      'list-appointments',
      'book-appointment',
      'cancel-appointment',
      'check-doctor-availability',
      'get-queue-status',
      'get-bed-availability',
      'get-pharmacy-stock',
      'get-billing-summary',
      'pharmacy-expiry-scan',
      'propose-prescription',
      'propose-admission',
      'propose-discharge',
      'propose-lab-order',
      'propose-radiology-order',
    ])
      expect(names).toContain(tool);
    expect(SKILLS.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'patient-lookup',
        'appointment-management',
        'queue-status',
        'bed-availability',
        'stock-check',
        'billing-summary',
        'pharmacy-scan',
        'prescribe-medication',
        'admit-patient',
        'discharge-patient',
      ]),
    );
    expect(() => checkCatalogue(CAPABILITIES, SKILLS)).not.toThrow();
    expect(() => checkCatalogue([...CAPABILITIES, CAPABILITIES[0]!], SKILLS)).toThrow(/twice/);
  });

  it('counts agree between the meta lists, the card and svc://agents', async () => {
    const counts = catalogueCounts();
    expect((await metaTools()).tools).toHaveLength(counts.tools);
    expect((await metaTools()).count).toBe(counts.tools);
    expect(metaSkills().skills).toHaveLength(counts.skills);
    expect(agentCard({ baseUrl: 'https://h.example/prod' }).skills).toHaveLength(counts.skills);
    expect(agentsResource().agents).toHaveLength(counts.capabilities);
  });

  it('derives MCP annotations from the operations', () => {
    expect(annotationsOf(cap('search-patients'))).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(annotationsOf(cap('book-appointment'))).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    });
    expect(annotationsOf(cap('cancel-appointment'))).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
  });

  it('the card points at /a2a for both protocol versions', () => {
    const card = agentCard({ baseUrl: 'https://h.example/prod/' });
    expect(card.url).toBe('https://h.example/prod/a2a');
    expect(card.supportedInterfaces.map((i) => [i.url, i.protocolVersion])).toEqual([
      ['https://h.example/prod/a2a', '1.0'],
      ['https://h.example/prod/a2a', '0.3'],
    ]);
  });
});

describe('scope filter', () => {
  it('an agent scope, or the operations’ own scopes, opens a capability to a key', () => {
    expect(refusal(cap('book-appointment'), key('agents:reception:write'))).toBeNull();
    expect(refusal(cap('book-appointment'), key('appointments:write'))).toBeNull();
    expect(refusal(cap('book-appointment'), key('appointments:read'))).toBe(
      'API key lacks the scope agents:reception:write required by book-appointment',
    );
    expect(refusal(cap('get-queue-status'), key('agents:operations:read'))).toBeNull();
    // The spec's operations-read tools (queue, beds, stock, billing summary) and the pharmacy
    // reports beside them, the doctor directory to name a doctor's queue (scope-presets.ts), the
    // billing health check and the managers' reports (issue 20).
    expect(usableBy(CAPABILITIES, key('agents:operations:read')).map((c) => c.name)).toEqual([
      'list-doctors',
      'list-departments',
      'get-queue-status',
      'get-bed-availability',
      'get-pharmacy-stock',
      'get-low-stock',
      'pharmacy-expiry-scan',
      'get-billing-summary',
      'billing-health-check',
      'get-report',
      'system-monitor',
      'onboarding-chat',
      'support-query',
    ]);
    // A reception agent finds the patient, the doctor and a free slot its bookings need.
    expect(usableBy(CAPABILITIES, key('agents:reception:write')).map((c) => c.name)).toEqual([
      'search-patients',
      'get-patient',
      'register-patient',
      'list-doctors',
      'list-departments',
      'list-appointments',
      'book-appointment',
      'cancel-appointment',
      'check-in-patient',
      'check-doctor-availability',
      'get-queue-status',
      'support-query',
    ]);
    // The demo hospital's tool opens to its own scope only (docs/demo.md).
    expect(usableBy(CAPABILITIES, key('demo:write')).map((c) => c.name)).toEqual([
      'generate-demo-data',
      'support-query',
    ]);
    // A clinical agent finds the patient and the encounter it proposes for, and follows its proposals.
    expect(usableBy(CAPABILITIES, key('agents:clinical:propose')).map((c) => c.name)).toEqual([
      'search-patients',
      'get-patient',
      'get-encounter-summary',
      'propose-prescription',
      'propose-admission',
      'propose-discharge',
      'propose-lab-order',
      'propose-radiology-order',
      'propose-surgery-booking',
      'get-agent-action',
      'support-query',
    ]);
  });

  it('a capability of per-operation access: any signed-in user, a key with its scope, nothing widened', () => {
    const user = (role: string) => ({ kind: 'user' as const, id: 'u1', role: role as never });
    expect(refusal(cap('onboarding-chat'), user('RECEPTIONIST'))).toBeNull();
    expect(refusal(cap('onboarding-chat'), key('agents:operations:read'))).toBeNull();
    expect(refusal(cap('onboarding-chat'), key('doctors:write'))).toBe(
      'API key lacks the scope agents:operations:read required by onboarding-chat',
    );
    // An OAuth grant without its scope: refused as a token, whatever the role.
    const granted = { ...user('ADMIN'), grant: { scopes: ['patients:read'] } } as never;
    expect(refusal(cap('onboarding-chat'), granted)).toBe(
      'The access token lacks the scope agents:operations:read required by onboarding-chat',
    );
    // The key's scopes stay its own: departments.create still asks for doctors:write.
    const agent = {
      kind: 'agent' as const,
      agent: 'test',
      credential: key('agents:operations:read'),
    };
    expect(grantedActor(cap('onboarding-chat'), agent)).toBe(agent);
  });

  it('a user passes by role as on REST', () => {
    const user = (role: string) => ({ kind: 'user' as const, id: 'u1', role: role as never });
    expect(usableBy(CAPABILITIES, user('ADMIN'))).toHaveLength(CAPABILITIES.length);
    expect(refusal(cap('list-doctors'), user('PHARMACIST'))).toBeNull();
    expect(refusal(cap('register-patient'), user('PHARMACIST'))).toBe(
      'Role PHARMACIST may not use register-patient (it calls patients.register)',
    );
  });

  it('an agent scope grants the operations’ scopes for that capability only', () => {
    const agent = {
      kind: 'agent' as const,
      agent: 'test',
      credential: key('agents:reception:write'),
    };
    const granted = grantedActor(cap('book-appointment'), agent);
    expect(granted.credential.kind === 'apiKey' && granted.credential.scopes).toEqual([
      'agents:reception:write',
      'appointments:write',
    ]);
    // A capability outside the key's scopes and their presets: nothing granted.
    expect(grantedActor(cap('get-encounter-summary'), agent)).toBe(agent);
  });
});

describe('audit redaction', () => {
  it('keeps ids, dates and enums; redacts names, phones, reasons and search text', () => {
    expect(
      redactArguments({
        id: 'a1',
        patientId: 'p1',
        start: '2026-11-24T10:00:00Z',
        reason: 'fever and cough',
        q: 'Asha',
        firstName: 'Ravi',
        phone: '+919845012345',
        limit: 5,
        address: { line1: '1 Main St', city: 'Pune' },
        confirmDuplicate: true,
      }),
    ).toEqual({
      id: 'a1',
      patientId: 'p1',
      start: '2026-11-24T10:00:00Z',
      reason: '[redacted]',
      q: '[redacted]',
      firstName: '[redacted]',
      phone: '[redacted]',
      limit: 5,
      address: { line1: '[redacted]', city: '[redacted]' },
      confirmDuplicate: true,
    });
    expect(redactArguments('x')).toEqual({});
  });
});

describe('audit redaction by the capability’s input (issue 16, item 14)', () => {
  const input = declared('get-patient').input;
  it('drops fields the input does not declare, counting them, so no free text rides in an …Id', () => {
    expect(
      redactArguments({ id: 'p-1', noteId: 'She is HIV positive', 'HIV positive': 1 }, input),
    ).toEqual({ id: 'p-1', _unknownFields: 2 });
    expect(redactArguments({ x: 1 }, null)).toEqual({ _unknownFields: 1 });
  });

  it('keeps an id only when it looks like one', () => {
    expect(redactArguments({ id: 'She is HIV positive' }, input)).toEqual({ id: '[redacted]' });
    expect(redactArguments({ patientId: 'x'.repeat(65) })).toEqual({ patientId: '[redacted]' });
  });

  it('walks nested inputs by their schema', () => {
    const book = declared('register-patient').input;
    expect(
      redactArguments(
        { name: 'Ravi', emergencyContact: { name: 'Asha', phone: '+91', secretId: 'x' } },
        book,
      ),
    ).toEqual({
      name: '[redacted]',
      emergencyContact: { name: '[redacted]', phone: '[redacted]' },
      _unknownFields: 1,
    });
  });

  it('bounds the record: huge arguments become a digest and a size', () => {
    const huge = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`n${i}`, i]));
    const kept = redactArguments(huge);
    expect(Object.keys(kept).sort()).toEqual(['_bytes', '_digest']);
    expect(kept._digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(kept._bytes).toBe(Buffer.byteLength(JSON.stringify(huge)));
    expect(JSON.stringify(kept).length).toBeLessThan(1024);
  });
});
