import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock } from '../../shared/kernel/clock';
import { expectError } from '../support/api';
import { diagnosticsHospital, must } from '../support/diagnostics';
import { clockToNineAm } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

// Events to people: a critical lab result reaches the ordering doctor once per channel, also when
// the bus delivers the event again or several times at once; preferences, templates and the SMS
// rule hold; the local outbox shows the messages; SES and SNS errors are retried.

const TZ = 'Asia/Kolkata';
let rt: LocalRuntime;
type Hospital = Awaited<ReturnType<typeof diagnosticsHospital>>;
let h: Hospital;

beforeAll(async () => {
  clockToNineAm(TZ);
  rt = await startTestRuntime();
  h = await diagnosticsHospital(rt.url, TZ);
}, 90_000);
afterAll(() => resetClock());

/** A haemoglobin of 6.2 g/dL for a man: critical (LL). Answers the order and its bus event. */
async function criticalResult() {
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
  const event = rt.events.bus.published.find(
    (e) => e['detail-type'] === 'LabCriticalResult' && (e.detail as any).orderId === order.id,
  );
  if (!event) throw new Error('no LabCriticalResult event');
  return { order, event };
}

async function outboxFor(orderId: string) {
  const page = await must(h.admin.get('/notifications/outbox?limit=100'), 200, 'outbox');
  return (page.items as any[]).filter((m) => m.body.includes(orderId));
}

describe('a critical result to the ordering doctor', () => {
  it('is sent once by e-mail, also when the event is delivered again and concurrently', async () => {
    const { order, event } = await criticalResult();
    let messages = await outboxFor(order.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      kind: 'lab-critical-result',
      channel: 'email',
      recipientUserId: h.doctorUser.user.id,
      to: h.doctorUser.user.email,
      status: 'sent',
      transport: 'local',
      attempts: 1,
      eventId: `lab-critical:${(event.detail as any).alertId}`,
    });
    expect(messages[0].subject).toContain(order.mrn);
    expect(messages[0].body).toContain('Haemoglobin');

    // The same event delivered again, and three times at once: nothing more is sent.
    await rt.events.bus.deliver(event);
    await Promise.all([
      rt.events.bus.deliver(event),
      rt.events.bus.deliver(event),
      rt.events.bus.deliver(event),
    ]);
    messages = await outboxFor(order.id);
    expect(messages).toHaveLength(1);
    expect(messages[0].attempts).toBe(1);

    // The doctor reads it among their own messages; the nurse does not.
    const mine = await must(h.doctorUser.api.get('/notifications'), 200, 'mine');
    expect((mine.items as any[]).some((m) => m.id === messages[0].id)).toBe(true);
    const nurses = await must(h.nurse.api.get('/notifications'), 200, 'nurse');
    expect((nurses.items as any[]).some((m) => m.id === messages[0].id)).toBe(false);
  });

  it('adds an SMS without clinical detail once the doctor asks for it, and uses the hospital’s template', async () => {
    expectError(
      await h.doctorUser.api.put('/notifications/preferences', { email: true, sms: true }),
      400,
      /phone/,
    );
    expectError(
      await h.doctorUser.api.put('/notifications/preferences', {
        email: true,
        sms: true,
        phone: '12',
      }),
      400,
      /phone/,
    );
    const prefs = await must(
      h.doctorUser.api.put('/notifications/preferences', {
        email: true,
        sms: true,
        phone: '+91 98450 12345',
        // Quiet now (09:00): a critical result is urgent and is sent anyway.
        quietHours: { start: '08:00', end: '10:00' },
      }),
      200,
      'prefs',
    );
    expect(prefs).toMatchObject({ email: true, sms: true, phone: '+919845012345' });
    expect(
      await must(h.doctorUser.api.get('/notifications/preferences'), 200, 'get'),
    ).toMatchObject(prefs);

    // An SMS template may not name the test or the patient; an e-mail template may.
    expectError(
      await h.admin.put('/notifications/templates/lab-critical-result/sms', {
        body: '{{testName}} for {{mrn}}',
      }),
      400,
      /testName/,
    );
    await must(
      h.admin.put('/notifications/templates/lab-critical-result/email', {
        subject: 'CRITICAL {{mrn}}',
        body: 'Critical {{testName}} on order {{orderId}} at {{hospital}}',
      }),
      200,
      'template',
    );

    const { order } = await criticalResult();
    const messages = await outboxFor(order.id);
    const byChannel = Object.fromEntries(messages.map((m) => [m.channel, m]));
    expect(Object.keys(byChannel).sort()).toEqual(['email', 'sms']);
    expect(byChannel.email).toMatchObject({ subject: `CRITICAL ${order.mrn}`, status: 'sent' });
    expect(byChannel.email.body).toBe(
      `Critical Haemoglobin on order ${order.id} at ${h.registration.tenant.name}`,
    );
    expect(byChannel.sms).toMatchObject({ to: '+919845012345', status: 'sent' });
    expect(byChannel.sms.subject).toBeUndefined();
    expect(byChannel.sms.body).toContain(order.mrn);
    for (const detail of ['Haemoglobin', '6.2', order.patientName])
      expect(byChannel.sms.body).not.toContain(detail);
  });
});

describe('access', () => {
  it('keeps the outbox and templates to administrators, preferences to people, and hospitals apart', async () => {
    expectError(await h.doctorUser.api.get('/notifications/outbox'), 403);
    expectError(
      await h.doctorUser.api.put('/notifications/templates/lab-critical-result/email', {
        body: 'x',
      }),
      403,
    );
    const key = await h.key(['notifications:read']);
    expectError(await key.api.get('/notifications/preferences'), 403, /signed-in person/);
    expectError(
      await h.admin.put('/notifications/templates/nope/email', { body: 'x' }),
      400,
      /kind/,
    );
    const other = await diagnosticsHospital(rt.url, TZ);
    const theirs = await must(other.admin.get('/notifications/outbox'), 200, 'other outbox');
    expect(theirs.items).toEqual([]);
  });
});

describe('SES and SNS on AWS', () => {
  it('marks a refused send failed, delivers again, and sends only what failed', async () => {
    const ses = mockClient(SESv2Client);
    const sns = mockClient(SNSClient);
    process.env.NOTIFY_TRANSPORT = 'aws';
    process.env.NOTIFY_EMAIL_FROM = 'alerts@hospital.example';
    process.env.NOTIFY_SMS_SENDER_ID = 'HOSPITAL';
    try {
      ses
        .on(SendEmailCommand)
        .rejects(
          Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' }),
        );
      sns.on(PublishCommand).resolves({ MessageId: 'sns-1' });
      const { order, event } = await criticalResult();
      let messages = await outboxFor(order.id);
      const email = () => messages.find((m) => m.channel === 'email');
      const sms = () => messages.find((m) => m.channel === 'sms');
      // The rule's retries (3 deliveries) all failed for e-mail; the SMS went once.
      expect(email()).toMatchObject({ status: 'failed', transport: 'ses', attempts: 3 });
      expect(email().reason).toMatch(/not verified/);
      expect(sms()).toMatchObject({
        status: 'sent',
        transport: 'sns',
        messageId: 'sns-1',
        attempts: 1,
      });
      expect(sns.commandCalls(PublishCommand)).toHaveLength(1);
      const publish = sns.commandCalls(PublishCommand)[0]!.args[0].input;
      expect(publish.PhoneNumber).toBe('+919845012345');
      expect(publish.MessageAttributes?.['AWS.SNS.SMS.SenderID']?.StringValue).toBe('HOSPITAL');
      // The system monitor (and the overview's outbox panel) lists the failed e-mail.
      const failedItem = async () =>
        ((await must(h.admin.get('/system/monitor'), 200, 'monitor')).items as any[]).find(
          (i) => i.key === 'failed-notifications',
        );
      expect(await failedItem()).toMatchObject({
        status: 'attention',
        count: 1,
        evidence: [email().id],
      });
      expect((await failedItem()).detail).toMatch(/^1 message\(s\) not sent: 1 e-mail, 0 SMS/);

      // SES recovers: a later delivery sends the e-mail once, from the sender identity.
      ses.reset();
      ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
      await rt.events.bus.deliver(event);
      await rt.events.bus.deliver(event);
      messages = await outboxFor(order.id);
      expect(email()).toMatchObject({ status: 'sent', messageId: 'ses-1', attempts: 4 });
      expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
      expect(ses.commandCalls(SendEmailCommand)[0]!.args[0].input.FromEmailAddress).toBe(
        'alerts@hospital.example',
      );
      expect(sns.commandCalls(PublishCommand)).toHaveLength(1);
      // Sent at last: no longer among the failed.
      expect(await failedItem()).toMatchObject({ status: 'ok', count: 0, evidence: [] });
    } finally {
      ses.restore();
      sns.restore();
      delete process.env.NOTIFY_TRANSPORT;
      delete process.env.NOTIFY_EMAIL_FROM;
      delete process.env.NOTIFY_SMS_SENDER_ID;
    }
  });
});
