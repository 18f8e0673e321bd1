/**
 * What an MCP tool call costs in DynamoDB round trips: its operation's own, plus exactly one audit
 * write for a read or a refusal (runCapability; a change's record rides in the change's own
 * transaction: no round trip of its own) and one rate-limit update (spendAgentBudget); the
 * credential check is the authorizer's (an API key: three reads). Counted with the stores' own
 * round-trip counters.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runCapability, spendAgentBudget } from '../../shared/agents';
import type { Principal } from '../../shared/auth/principal';
import { resolvePrincipal } from '../../shared/edge/authenticate';
import { createLogger } from '../../shared/kernel/log';
import { Stores } from '../../shared/kernel/store/store';
import * as apiKeys from '../../shared/modules/api-keys/operations';
import * as departments from '../../shared/modules/departments/operations';
import * as patients from '../../shared/modules/patients/operations';
import { contextFor, invokeCounted, registeredHospital, useTestTable } from '../support/operations';

beforeAll(() => useTestTable());

async function hospitalWithKey() {
  const h = await registeredHospital();
  const ctx = contextFor(h.tenant, h.admin);
  await invokeCounted(departments.create, ctx, { name: 'Medicine' });
  const key = await invokeCounted(apiKeys.create, ctx, {
    name: 'agent',
    scopes: ['doctors:read', 'agents:reception:write'],
  });
  return { ...h, secret: (key.output as { secret: string }).secret };
}

async function toolRoundTrips(principal: Principal, capability: string, args: unknown) {
  const stores = new Stores();
  // A refusal or failure throws after its audit record: counted all the same.
  await runCapability({
    capability,
    args,
    transport: 'mcp',
    principal,
    requestId: 'rt-test',
    stores,
    log: createLogger(),
    now: new Date(),
  }).catch(() => undefined);
  return stores.roundTrips.count;
}

describe('round trips of a tool call', () => {
  it('= the operation + one audit write (none of its own for a change); + one rate-limit update; + three reads to verify a key', async () => {
    const h = await hospitalWithKey();
    const authStores = new Stores();
    const principal = await resolvePrincipal(authStores, `Bearer ${h.secret}`, new Date());
    expect(principal).not.toBeNull();
    expect(authStores.roundTrips.count).toBe(3);

    const direct = await invokeCounted(departments.list, contextFor(h.tenant, h.admin), {});
    expect(await toolRoundTrips(principal!, 'list-departments', {})).toBe(direct.roundTrips + 1);

    const registerDirect = await invokeCounted(patients.register, contextFor(h.tenant, h.admin), {
      name: 'Direct Patient',
      dateOfBirth: '1980-01-01',
      sex: 'male',
      phone: '+91 98450 11111',
    });
    expect(
      await toolRoundTrips(principal!, 'register-patient', {
        name: 'Tool Patient',
        dateOfBirth: '1981-01-01',
        sex: 'female',
        phone: '+91 98450 22222',
      }),
      // The record rides in the registration's transaction (agent-audit-transaction.test.ts).
    ).toBe(registerDirect.roundTrips);

    // A refusal costs the audit write only.
    // (The key's agents:reception:write now brings patients:read to its tools; encounters it has not.)
    expect(await toolRoundTrips(principal!, 'get-encounter-summary', { patientId: 'x' })).toBe(1);

    const rateStores = new Stores();
    const counted = await spendAgentBudget(rateStores, principal!, 1, new Date());
    expect(counted.count).toBe(1);
    expect(rateStores.roundTrips.count).toBe(1);
  });
});
