import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock, systemClock } from '../../shared/kernel/clock';
import { rootLogger } from '../../shared/kernel/log';
import { Stores } from '../../shared/kernel/store/store';
import { addDays, utcToZonedParts, zonedDateTimeToUtc } from '../../shared/kernel/time/zoned-time';
import { runHospitalTriggers } from '../../shared/modules/notifications/index';
import { hospitalIds } from '../../shared/modules/tenants/index';
import { diagnosticsHospital, must } from '../support/diagnostics';
import { PARACETAMOL } from '../support/hitl';
import { clockToNineAm } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

// The scheduled notification triggers against DynamoDB Local: each reminder, escalation level,
// expiring approval and daily stock notice is sent once per person and channel, however many
// times the schedule runs, also when runs overlap. The run is the schedule's, for this file's
// hospital only: the table is shared with other files (other workers, other clocks), whose
// hospitals a run of every hospital at this file's moved clock would notify.

const TZ = 'Asia/Kolkata';
let rt: LocalRuntime;
type Hospital = Awaited<ReturnType<typeof diagnosticsHospital>>;
let h: Hospital;
const today = () => utcToZonedParts(systemClock.now(), TZ).date;

beforeAll(async () => {
  clockToNineAm(TZ);
  rt = await startTestRuntime();
  h = await diagnosticsHospital(rt.url, TZ);
}, 90_000);
afterAll(async () => {
  resetClock();
  await rt?.close();
});

/**
 * This hospital's triggers as one scheduled run handles them, with its own stores, at `at` (the
 * run's instant; tokens of the test's users stay valid, as the process clock does not move).
 */
const runTriggers = (at = systemClock.now()) =>
  runHospitalTriggers(new Stores(), h.tenantId, at, rootLogger);

/** The schedule at `at`, `n` times in a row and then `n` times at once. */
async function runRepeatedlyAndConcurrently(at = systemClock.now(), n = 3) {
  for (let i = 0; i < n; i++) await runTriggers(at);
  await Promise.all(Array.from({ length: n }, () => runTriggers(at)));
}
const minutesAfter = (iso: string, minutes: number) =>
  new Date(new Date(iso).getTime() + minutes * 60_000);

async function outbox(filter: (m: any) => boolean) {
  const page = await must(h.admin.get('/notifications/outbox?limit=100'), 200, 'outbox');
  return (page.items as any[]).filter(filter);
}

describe('the scheduled run', () => {
  it('finds every hospital through the cross-tenant list, this one among them', async () => {
    const ids: string[] = [];
    for await (const id of hospitalIds(new Stores(), { pageSize: 100, maxPages: 1000 }))
      ids.push(id);
    expect(ids).toContain(h.tenantId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('appointment reminders, the day before', () => {
  it('reach the patient once per channel they have, with no clinical detail in the SMS', async () => {
    const withEmail = await h.patient({ email: 'asha.k@example.org' });
    const phoneOnly = await h.patient();
    const tomorrow = addDays(today(), 1);
    const booked = [];
    for (const [patient, time] of [
      [withEmail, '10:00'],
      [phoneOnly, '10:15'],
    ] as const)
      booked.push(
        await must(
          h.reception.api.post('/appointments', {
            patientId: patient.id,
            doctorId: h.doctor.id,
            start: zonedDateTimeToUtc(tomorrow, time, TZ).toISOString(),
            reason: 'Review of thyroid results',
          }),
          201,
          'appointment',
        ),
      );
    // Booked for the day after tomorrow: not reminded today.
    const later = await must(
      h.reception.api.post('/appointments', {
        patientId: phoneOnly.id,
        doctorId: h.doctor.id,
        start: zonedDateTimeToUtc(addDays(tomorrow, 1), '10:00', TZ).toISOString(),
        reason: 'Review',
      }),
      201,
      'later appointment',
    );

    await runRepeatedlyAndConcurrently();
    const reminders = await outbox((m) => m.kind === 'appointment-reminder');
    const forFirst = reminders.filter((m) => m.recipientUserId === `patient:${withEmail.id}`);
    expect(forFirst.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const forSecond = reminders.filter((m) => m.recipientUserId === `patient:${phoneOnly.id}`);
    expect(forSecond.map((m) => m.channel)).toEqual(['sms']);
    expect(reminders.some((m) => m.eventId.includes(later.id))).toBe(false);
    for (const m of [...forFirst, ...forSecond]) {
      expect(m.status).toBe('sent');
      expect(m.attempts).toBe(1);
    }
    const email = forFirst.find((m) => m.channel === 'email');
    expect(email.to).toBe('asha.k@example.org');
    expect(email.subject).toContain(`${tomorrow} 10:00 (${TZ})`);
    expect(email.body).toContain(booked[0].doctorName);
    const sms = forSecond[0];
    expect(sms.to).toBe(phoneOnly.phoneE164);
    expect(sms.body).toContain(`${tomorrow} 10:15 (${TZ})`);
    expect(sms.body).not.toContain(booked[1].doctorName);
    expect(sms.body).not.toContain('thyroid');
    expect(sms.body).not.toContain(phoneOnly.name);

    // Cancelled before the reminder: none. Rescheduled: a new reminder for the new time.
    const third = await h.patient();
    const cancelled = await must(
      h.reception.api.post('/appointments', {
        patientId: third.id,
        doctorId: h.doctor.id,
        start: zonedDateTimeToUtc(tomorrow, '11:00', TZ).toISOString(),
        reason: 'Review',
      }),
      201,
      'to cancel',
    );
    await must(
      h.reception.api.patch(`/appointments/${cancelled.id}/status`, {
        status: 'cancelled',
        reason: 'Patient called',
      }),
      200,
      'cancel',
    );
    await runTriggers();
    expect(
      await outbox((m) => m.recipientUserId === `patient:${third.id}`),
      'a cancelled appointment is not reminded',
    ).toEqual([]);
  });
});

describe('critical results nobody acknowledges', () => {
  it('escalate at 30 minutes to the ordering doctor and at 60 to the ward managers, once each', async () => {
    const wardManager = await h.staff('WARD_MANAGER');
    const { encounter } = await h.encounterFor({ sex: 'male', dateOfBirth: '1975-02-10' });
    const order = await must(
      h.doctorUser.api.post('/lab/orders', {
        source: { kind: 'encounter', id: encounter.id },
        codes: ['718-7'],
      }),
      201,
      'order',
    );
    await must(h.nurse.api.post(`/lab/orders/${order.id}/specimens`, {}), 201, 'collect');
    await must(
      h.tech.api.post(`/lab/orders/${order.id}/results`, {
        results: [{ code: '718-7', value: 6.2 }],
      }),
      200,
      'results',
    );
    await rt.events.bus.idle();
    const escalations = () =>
      outbox((m) => m.kind === 'lab-critical-escalation' && m.body.includes(order.id));

    const open = await must(h.doctorUser.api.get('/lab/criticals?limit=100'), 200, 'criticals');
    const alert = (open.items as any[]).find((a) => a.orderId === order.id);

    // 29 minutes: nothing yet.
    await runRepeatedlyAndConcurrently(minutesAfter(alert.raisedAt, 29), 2);
    expect(await escalations()).toEqual([]);

    // 30 minutes: the ordering doctor, once.
    await runRepeatedlyAndConcurrently(minutesAfter(alert.raisedAt, 30));
    let sent = await escalations();
    expect(sent.map((m) => [m.recipientUserId, m.channel, m.status])).toEqual([
      [h.doctorUser.user.id, 'email', 'sent'],
    ]);
    expect(sent[0].subject).toContain('unacknowledged for 30 minutes');

    // 60 minutes: the ward manager too, once; the doctor is not told a second time.
    await runRepeatedlyAndConcurrently(minutesAfter(alert.raisedAt, 60));
    sent = await escalations();
    expect(sent.map((m) => m.recipientUserId).sort()).toEqual(
      [h.doctorUser.user.id, wardManager.user.id].sort(),
    );
    const toManager = sent.find((m) => m.recipientUserId === wardManager.user.id);
    expect(toManager.subject).toContain('unacknowledged for 60 minutes');
    expect(toManager.status).toBe('sent');

    // Acknowledged: it leaves the worklist and escalates no more.
    await must(
      h.doctorUser.api.post(`/lab/orders/${order.id}/alerts/${alert.id}/acknowledge`, {}),
      200,
      'acknowledge',
    );
    await runTriggers(minutesAfter(alert.raisedAt, 180));
    expect(await escalations()).toHaveLength(2);
  });
});

describe('agent actions about to expire', () => {
  it('are announced once to the people who may approve them, within the last hour', async () => {
    const agent = await h.key(['agents:clinical:propose', 'agent-actions:read'], 'agent');
    const { encounter } = await h.encounterFor();
    const proposed = await must(
      agent.api.post('/agent-actions/proposals/prescription', {
        encounterId: encounter.id,
        ...PARACETAMOL,
        rationale: 'Fever for two days',
      }),
      201,
      'proposal',
    );
    const action = proposed.action ?? proposed;
    const expiring = () =>
      outbox((m) => m.kind === 'agent-action-expiring' && m.body.includes(action.id));
    // 61 minutes before: not yet.
    await runTriggers(minutesAfter(action.expiresAt, -61));
    expect(await expiring()).toEqual([]);
    // 59 minutes before: the doctor (who may prescribe) once; not the nurse or the agent.
    await runRepeatedlyAndConcurrently(minutesAfter(action.expiresAt, -59));
    // Expired: no longer announced (nothing new).
    await runTriggers(minutesAfter(action.expiresAt, 1));
    const sent = await expiring();
    expect(sent.map((m) => m.recipientUserId)).toEqual([h.doctorUser.user.id]);
    expect(sent[0].status).toBe('sent');
  });
});

describe('the pharmacy’s daily stock notice', () => {
  it('lists low stock and short-dated batches once a day to the pharmacists', async () => {
    const pharmacist = await h.staff('PHARMACIST');
    const item = await must(
      pharmacist.api.post('/pharmacy/items', {
        code: 'AMOX-500',
        genericName: 'Amoxicillin',
        form: 'capsule',
        strength: '500 mg',
        unit: 'capsule',
        packSize: 10,
        pricing: { kind: 'fixed', unitPrice: 300 },
        reorderLevel: 50,
      }),
      201,
      'item',
    );
    await must(
      pharmacist.api.post('/pharmacy/receipts', {
        supplier: 'Medline Distributors',
        invoiceReference: 'INV-STOCK-1',
        lines: [
          {
            itemId: item.id,
            batchNumber: 'B-SHORT',
            expiryDate: addDays(today(), 10),
            quantity: 40,
            unitCost: 150,
          },
        ],
      }),
      201,
      'receipt',
    );
    await runRepeatedlyAndConcurrently();
    const notices = await outbox((m) => m.kind === 'pharmacy-stock-alert');
    expect(notices.map((m) => [m.recipientUserId, m.channel])).toEqual([
      [pharmacist.user.id, 'email'],
    ]);
    expect(notices[0].subject).toContain('1 item(s) low, 1 batch(es) expiring');
    expect(notices[0].body).toContain('Amoxicillin 500 mg capsule (40 on hand, reorder at 50)');
    expect(notices[0].body).toContain(`batch B-SHORT (${addDays(today(), 10)})`);
    expect(notices[0].eventId).toBe(`pharmacy-stock:${today()}`);
  });
});
