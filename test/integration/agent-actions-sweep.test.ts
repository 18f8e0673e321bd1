/**
 * The agent actions job reads its due queues with DynamoDB's continuation: entries it cannot
 * handle (here 120 broken items at the head of the expiry queue) no longer stall the entries
 * behind them, as re-reading the first page did. The job runs with a clock in 2001, so it sees
 * this file's entries only.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../shared/kernel/log';
import { dueShard } from '../../shared/kernel/store/outbox';
import { Store } from '../../shared/kernel/store/store';
import { sweepAgentActions } from '../../shared/modules/agent-actions';
import { useTestTable } from '../support/operations';

const T0 = new Date('2001-06-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms).toISOString();

beforeAll(() => useTestTable());

describe('the agent actions job', () => {
  it('pages past 120 entries it cannot handle and expires the action behind them', async () => {
    const tenantId = `sweep-${randomUUID()}`;
    const store = new Store(tenantId);
    const partition = `DUE#AGENTACTION#EXPIRY#${dueShard(tenantId)}`;
    for (let i = 0; i < 120; i++) {
      const id = randomUUID();
      // Not an agent action the job can read: handling it fails, and it stays due.
      await store.put({
        Item: {
          ...store.keys.entity('AGENTACTION', id),
          entity: 'AgentAction',
          id,
          tenantId,
          gsi5pk: partition,
          gsi5sk: `${at(-3_600_000 + i)}#${tenantId}#${id}`,
        },
      });
    }
    const id = randomUUID();
    const createdAt = at(-7_200_000);
    await store.put({
      Item: {
        ...store.keys.entity('AGENTACTION', id),
        entity: 'AgentAction',
        id,
        tenantId,
        type: 'prescription',
        status: 'PENDING',
        risk: 'LOW',
        riskReasons: [],
        patientId: 'p-1',
        patientName: 'Asha',
        summary: 'Paracetamol',
        operation: 'encounters.prescribe',
        input: { id: 'e-1' },
        approverRoles: ['ADMIN', 'DOCTOR'],
        proposer: { kind: 'apiKey', id: 'k-1' },
        rationale: 'fever',
        createdAt,
        expiresAt: at(-60_000),
        history: [{ at: createdAt, event: 'proposed', status: 'PENDING', by: 'apiKey:k-1' }],
        gsi5pk: partition,
        gsi5sk: `${at(-60_000)}#${tenantId}#${id}`,
      },
    });
    const errors: string[] = [];
    const log = { ...createLogger(), error: (msg: string) => errors.push(msg) };
    const report = await sweepAgentActions({ now: () => T0, log, requestId: 'sweep-test' });
    expect(report.expired).toContain(id);
    expect(
      errors.filter((e) => e === 'agent action sweep failed for one action').length,
    ).toBeGreaterThanOrEqual(120);
    expect(
      (await store.get(store.keys.entity('AGENTACTION', id), { consistent: true }))?.status,
    ).toBe('EXPIRED');
  });
});
