/**
 * Specimens taken in theatre become pathology orders in the lab (issue 17 item 4), through the
 * local runtime and its event bus against DynamoDB Local: the operative record adds the specimen,
 * the specimen-orders function (the bus's rule, as EventBridge's on AWS) places the order through
 * the lab's operation with the surgeon as requester, the case shows the order's state, and a
 * delivered-again event (also several at once) places no second order. A test the lab does not
 * have is noted on the specimen with what to do.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { must } from '../support/diagnostics';
import { opdRuntime } from '../support/opd';
import { startTestRuntime } from '../support/runtime';
import { type TheatreHospital, theatreHospital } from '../support/theatre';

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
let rt: LocalRuntime;
let h: TheatreHospital;

const HISTO = {
  codeSystem: 'local',
  name: 'Histopathology, surgical specimen',
  specimenType: 'tissue',
  container: 'formalin pot',
  resultType: 'coded',
  answers: [
    { code: 'benign', display: 'Benign', interpretation: 'N' },
    { code: 'malignant', display: 'Malignant', interpretation: 'A' },
  ],
  turnaroundHours: 120,
  priceMinor: 150_000,
};

beforeAll(async () => {
  rt = await startTestRuntime();
  h = await theatreHospital(opd.url, TZ);
  const pathologist = await h.staff('PATHOLOGIST');
  await must(pathologist.api.put('/lab/catalogue/tests/HISTO', HISTO), 200, 'HISTO');
}, 60_000);

/** A case of its own, in the room now. */
async function caseInTheatre(hour: string) {
  const ot = await h.theatre();
  const s = await h.session(ot.code, opd.today, hour, `${Number(hour.slice(0, 2)) + 2}:00`);
  const c = await h.requestCase({ priority: 'urgent' });
  await must(
    h.coordinator.api.post(`/theatre/cases/${c.id}/schedule`, {
      sessionId: s.id,
      start: h.at(opd.today, hour),
    }),
    200,
    'book',
  );
  await must(
    h.scrubNurse.api.post(`/theatre/cases/${c.id}/timeline`, { event: 'in-room' }),
    200,
    'in room',
  );
  return c;
}

const specimenEvents = (caseId: string) =>
  rt.events.bus.published.filter(
    (e) =>
      e['detail-type'] === 'TheatreSpecimenTaken' &&
      (e.detail as { caseId: string }).caseId === caseId,
  );

describe('specimens to the lab', () => {
  it('each specimen becomes one lab order by the surgeon, shown on the case, once however often delivered', async () => {
    const c = await caseInTheatre('10:00');
    // The scrub nurse records the specimens; the surgeon is the orderer all the same.
    const recorded = await must(
      h.scrubNurse.api.patch(`/theatre/cases/${c.id}/record`, {
        specimens: [{ description: 'Appendix' }, { description: 'Peritoneal fluid' }],
      }),
      200,
      'record',
    );
    const specimens = recorded.record.specimens;
    expect(specimens).toHaveLength(2);
    expect(specimens[0]).toMatchObject({
      description: 'Appendix',
      testCode: 'HISTO',
      takenBy: h.scrubNurse.user.id,
    });
    expect(specimens[0].id).not.toBe(specimens[1].id);
    await rt.events.bus.idle();

    const order = await must(
      h.surgeon.api.get(`/lab/orders/${specimens[0].labOrderId}`),
      200,
      'order',
    );
    expect(order).toMatchObject({
      source: c.source,
      patientId: c.patientId,
      requesterId: h.surgeon.user.id,
      status: 'active',
      step: 'awaiting-collection',
      priority: 'urgent',
      items: [{ code: 'HISTO' }],
    });
    expect(order.clinicalNotes).toContain('Appendix');
    await must(h.surgeon.api.get(`/lab/orders/${specimens[1].labOrderId}`), 200, 'second order');

    // The case shows each specimen's order state, read from the lab.
    const read = await must(h.surgeon.api.get(`/theatre/cases/${c.id}`), 200, 'case');
    expect(read.record.specimens.map((s: { order?: unknown }) => s.order)).toEqual([
      { status: 'active', step: 'awaiting-collection', reportStatus: 'registered' },
      { status: 'active', step: 'awaiting-collection', reportStatus: 'registered' },
    ]);

    // The events again, one of them three times at once: still one order per specimen.
    const events = specimenEvents(c.id);
    expect(events).toHaveLength(2);
    await Promise.all([
      rt.events.bus.deliver(events[0]!),
      rt.events.bus.deliver(events[0]!),
      rt.events.bus.deliver(events[0]!),
    ]);
    await rt.events.bus.deliver(events[1]!);
    const outcomes = rt.events.bus.deliveries
      .filter((d) => d.rule === 'specimen-orders' && events.includes(d.event))
      .map((d) => (d.result as { outcome: string } | undefined)?.outcome ?? d.error);
    expect(outcomes.filter((o) => o === 'placed')).toHaveLength(2);
    expect(outcomes.filter((o) => o !== 'placed').every((o) => o === 'already-placed')).toBe(true);
    const orders = await must(
      h.surgeon.api.get(`/lab/patients/${c.patientId}/orders`),
      200,
      'patient orders',
    );
    expect(
      orders.items.filter((o: { items: { code: string }[] }) => o.items[0]?.code === 'HISTO'),
    ).toHaveLength(2);

    // A later record adds a specimen; the earlier ones stay.
    const more = await must(
      h.surgeon.api.patch(`/theatre/cases/${c.id}/record`, {
        specimens: [{ description: 'Lymph node' }],
      }),
      200,
      'more',
    );
    expect(more.record.specimens.map((s: { description: string }) => s.description)).toEqual([
      'Appendix',
      'Peritoneal fluid',
      'Lymph node',
    ]);
  });

  it('a test the lab does not have: the specimen says why and what to do, and no order is placed', async () => {
    const c = await caseInTheatre('13:00');
    const recorded = await must(
      h.surgeon.api.patch(`/theatre/cases/${c.id}/record`, {
        specimens: [{ description: 'Gallbladder', testCode: 'CYTO' }],
      }),
      200,
      'record',
    );
    await rt.events.bus.idle();
    const [specimen] = recorded.record.specimens;
    const read = await must(h.surgeon.api.get(`/theatre/cases/${c.id}`), 200, 'case');
    expect(read.record.specimens[0].order).toBeUndefined();
    expect(read.record.specimens[0].orderProblem).toMatch(
      /^The lab refused the order: .*CYTO.*Fix it, then record the specimen again\.$/,
    );
    const missing = await h.surgeon.api.get(`/lab/orders/${specimen.labOrderId}`);
    expect(missing.status).toBe(404);
  });

  it('noting the lab’s refusal does not change the case under the team: their next step is not refused as changed meanwhile', async () => {
    const c = await caseInTheatre('16:00');
    const recorded = await must(
      h.surgeon.api.patch(`/theatre/cases/${c.id}/record`, {
        specimens: [{ description: 'Omentum', testCode: 'CYTO' }],
      }),
      200,
      'record',
    );
    await rt.events.bus.idle();
    const read = await must(h.surgeon.api.get(`/theatre/cases/${c.id}`), 200, 'case');
    expect(read.record.specimens[0].orderProblem).toMatch(/^The lab refused the order: .*CYTO/);
    // The version the team read with its last write is still the case's: a write made from it
    // (the nurse's next step, taken while the consumer ran) lands.
    expect(read.version).toBe(recorded.version);
    await must(
      h.scrubNurse.api.patch(`/theatre/cases/${c.id}/record`, { operationNote: 'Omentectomy' }),
      200,
      'note',
    );
    const again = await must(h.surgeon.api.get(`/theatre/cases/${c.id}`), 200, 'case again');
    expect(again.record.specimens[0].orderProblem).toMatch(/CYTO/);
  });
});
