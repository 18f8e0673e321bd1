/**
 * A write's audit record commits with its effect (issue 16, item 14): an agent call that changes
 * something sends the change and its one audit record in the same TransactWriteItems, so no change
 * is left unaudited when the audit write fails, and no record claims a change that did not happen.
 * Observed on the DynamoDB commands the call sends (against the run's DynamoDB Local).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCapability } from '../../shared/agents';
import type { Principal } from '../../shared/auth/principal';
import { resolvePrincipal } from '../../shared/edge/authenticate';
import { createLogger } from '../../shared/kernel/log';
import { documentClient } from '../../shared/kernel/store/client';
import { Stores } from '../../shared/kernel/store/store';
import * as apiKeys from '../../shared/modules/api-keys/operations';
import { contextFor, invokeCounted, registeredHospital, useTestTable } from '../support/operations';

beforeAll(() => useTestTable());
afterEach(() => {
  vi.restoreAllMocks();
});

interface Sent {
  command: string;
  entities: string[];
}

/** The commands a call sends, with the entities each one writes. */
async function commandsOf(run: () => Promise<unknown>): Promise<Sent[]> {
  const client = documentClient();
  const original = client.send.bind(client);
  const sent: Sent[] = [];
  vi.spyOn(client, 'send').mockImplementation(((command: {
    constructor: { name: string };
    input: Record<string, any>;
  }) => {
    const input = command.input;
    const items: any[] = input.TransactItems
      ? input.TransactItems.map((t: any) => t.Put?.Item ?? t.Update?.ExpressionAttributeValues)
      : [input.Item ?? input.ExpressionAttributeValues];
    sent.push({
      command: command.constructor.name,
      entities: items.flatMap((i) => {
        const entity = i?.entity ?? i?.[':entity'];
        return entity ? [String(entity)] : [];
      }),
    });
    return original(command as never);
  }) as never);
  await run().catch(() => undefined);
  return sent;
}

async function agentKey(): Promise<Principal> {
  const h = await registeredHospital();
  const key = await invokeCounted(apiKeys.create, contextFor(h.tenant, h.admin), {
    name: 'agent',
    scopes: ['agents:reception:write', 'patients:read'],
  });
  const principal = await resolvePrincipal(
    new Stores(),
    `Bearer ${(key.output as { secret: string }).secret}`,
    new Date(),
  );
  return principal!;
}

const call = (principal: Principal, capability: string, args: unknown) =>
  runCapability({
    capability,
    args,
    transport: 'mcp',
    principal,
    requestId: 'audit-tx',
    stores: new Stores(),
    log: createLogger(),
    now: new Date(),
  });

describe("a write's audit record", () => {
  it('is written in the same transaction as the change, and nowhere else', async () => {
    const principal = await agentKey();
    const sent = await commandsOf(() =>
      call(principal, 'register-patient', {
        name: 'Audited Patient',
        dateOfBirth: '1980-01-01',
        sex: 'female',
        phone: '+91 98450 33333',
      }),
    );
    const audits = sent.filter((s) => s.entities.includes('AgentAudit'));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.command).toBe('TransactWriteCommand');
    expect(audits[0]!.entities).toContain('Patient');
  });

  it('of a refused or failed call is written on its own (there is no change to go with)', async () => {
    const principal = await agentKey();
    const sent = await commandsOf(() => call(principal, 'register-patient', { name: 1 }));
    const audits = sent.filter((s) => s.entities.includes('AgentAudit'));
    expect(audits).toEqual([{ command: 'PutCommand', entities: ['AgentAudit'] }]);
    expect(sent.some((s) => s.entities.includes('Patient'))).toBe(false);
  });

  it('of a read is written after the read, once', async () => {
    const principal = await agentKey();
    const sent = await commandsOf(() => call(principal, 'search-patients', {}));
    expect(sent.filter((s) => s.entities.includes('AgentAudit'))).toHaveLength(1);
  });
});
