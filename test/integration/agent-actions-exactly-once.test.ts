/**
 * Exactly once, by killing or repeating the step that matters (docs/hitl.md, "Failure handling"):
 * the same event delivered again and concurrently, an executor that dies after its operation's
 * write and before recording the outcome (with and without a retried delivery), and one that dies
 * after claiming and before writing. Each time: one prescription, the action EXECUTED with it.
 * A crash is injected by making one store call throw, in this process, where the local runtime's
 * executor runs.
 */

import type { EventBridgeEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shiftClock } from '../../shared/kernel/clock';
import { derivedId } from '../../shared/kernel/ids';
import { Store, type UpdateInput } from '../../shared/kernel/store/store';
import { hitlHospital, hitlRuntime } from '../support/hitl';

const rt = hitlRuntime();
const settle = () => rt.events.bus.idle();

afterEach(() => vi.restoreAllMocks());

/** Makes the store's update of an action to `status` throw `times` times (a crash at that step). */
function crashOnOutcome(status: 'EXECUTED', times: number) {
  const update = Store.prototype.update;
  let left = times;
  return vi.spyOn(Store.prototype, 'update').mockImplementation(function (
    this: Store,
    input: UpdateInput,
  ) {
    if (left > 0 && input.ExpressionAttributeValues?.[':s_status'] === status) {
      left -= 1;
      return Promise.reject(new Error('executor killed before recording its outcome'));
    }
    return update.call(this, input);
  });
}

async function approvedRx() {
  const h = await hitlHospital(rt.url);
  const { encounter } = await h.encounter();
  const { body } = await h.proposeRx(encounter.id);
  const read = async () => (await h.doctorUser.api.get(`/agent-actions/${body.id}`)).body;
  const prescriptions = async () =>
    (await h.doctorUser.api.get(`/encounters/${encounter.id}`)).body.prescriptions as {
      id: string;
    }[];
  const approve = () => h.otherDoctor.api.post(`/agent-actions/${body.id}/approve`);
  return { h, id: body.id as string, read, prescriptions, approve };
}

const eventOf = (actionId: string) =>
  rt.events.bus.published.find(
    (e) =>
      e['detail-type'] === 'AgentActionApproved' &&
      (e.detail as { actionId?: string }).actionId === actionId,
  ) as EventBridgeEvent<string, unknown>;

describe('exactly-once execution', () => {
  it('the same event delivered again, three times at once, changes nothing more', async () => {
    const a = await approvedRx();
    expect((await a.approve()).status).toBe(200);
    await settle();
    const event = eventOf(a.id);
    await Promise.all([
      rt.events.bus.deliver(event),
      rt.events.bus.deliver(event),
      rt.events.bus.deliver(event),
    ]);
    const done = await a.read();
    expect(done.status).toBe('EXECUTED');
    expect(await a.prescriptions()).toHaveLength(1);
    expect(done.history.filter((e: { event: string }) => e.event === 'executed')).toHaveLength(1);
  });

  it('an executor killed after its write: the retried delivery finds the effect and records EXECUTED', async () => {
    const a = await approvedRx();
    crashOnOutcome('EXECUTED', 1);
    expect((await a.approve()).status).toBe(200);
    await settle();
    const done = await a.read();
    expect(done.status).toBe('EXECUTED');
    const rx = await a.prescriptions();
    expect(rx).toHaveLength(1);
    // The result is the prescription the first (killed) executor created, by its derived id.
    expect(rx[0]!.id).toBe(derivedId(a.id, 1));
    expect(done.result.id).toBe(rx[0]!.id);
    const executed = done.history.find((e: { event: string }) => e.event === 'executed');
    expect(executed.note).toMatch(/its outcome was recorded later/);
    expect(done.history.map((e: { event: string }) => e.event)).toEqual([
      'proposed',
      'approved',
      'claimed',
      'executed',
    ]);
  });

  it('killed after its write on every delivery: the job records EXECUTED, never "outcome unknown"', async () => {
    const a = await approvedRx();
    crashOnOutcome('EXECUTED', 10);
    expect((await a.approve()).status).toBe(200);
    await settle();
    expect((await a.read()).status).toBe('APPROVED');
    vi.restoreAllMocks();
    shiftClock(6 * 60_000);
    const report = (await rt.events.runSchedule()) as { recovered: string[]; failed: string[] };
    expect(report.recovered).toContain(a.id);
    expect(report.failed).not.toContain(a.id);
    await settle();
    const done = await a.read();
    expect(done.status).toBe('EXECUTED');
    expect(await a.prescriptions()).toHaveLength(1);
    expect(done.result.id).toBe(derivedId(a.id, 1));
  });

  it('killed after claiming and before writing: the job releases the claim, publishes again, and it runs once', async () => {
    const a = await approvedRx();
    const alongside = Store.prototype.alongside;
    let killed = 0;
    vi.spyOn(Store.prototype, 'alongside').mockImplementation(function (this: Store, ...riders) {
      const claim = riders.some((r) => 'item' in r && r.item.name === 'agent-action-claim');
      if (claim && killed < 3) {
        killed += 1;
        throw new Error('executor killed after claiming');
      }
      return alongside.apply(this, riders);
    });
    expect((await a.approve()).status).toBe(200);
    await settle();
    expect(killed).toBe(1); // the retries found it claimed and left it alone
    vi.restoreAllMocks();
    expect(await a.prescriptions()).toHaveLength(0);
    shiftClock(6 * 60_000);
    const report = (await rt.events.runSchedule()) as { republished: string[] };
    expect(report.republished).toContain(a.id);
    await settle();
    const done = await a.read();
    expect(done.status).toBe('EXECUTED');
    expect(await a.prescriptions()).toHaveLength(1);
    expect(done.history.map((e: { event: string }) => e.event)).toEqual([
      'proposed',
      'approved',
      'claimed',
      'dispatch-retried',
      'claimed',
      'executed',
    ]);
    expect(done.history[3].note).toMatch(/stopped before changing anything/);
  });
});
