import { describe, expect, it } from 'vitest';
import { forbiddenFields, render } from '../../../shared/modules/notifications/kinds';
import { channelsFor, inQuietHours } from '../../../shared/modules/notifications/rules';

// Kolkata is UTC+05:30 all year: 16:30Z is 22:00 there.
const at = (utc: string) => new Date(`2026-03-02T${utc}:00Z`);
const TZ = 'Asia/Kolkata';

describe('quiet hours', () => {
  it('hold [start, end) on the hospital’s wall clock, across midnight too', () => {
    const night = { start: '22:00', end: '07:00' };
    expect(inQuietHours(night, at('16:29'), TZ)).toBe(false); // 21:59
    expect(inQuietHours(night, at('16:30'), TZ)).toBe(true); // 22:00
    expect(inQuietHours(night, at('01:29'), TZ)).toBe(true); // 06:59
    expect(inQuietHours(night, at('01:30'), TZ)).toBe(false); // 07:00
    const lunch = { start: '13:00', end: '14:00' };
    expect(inQuietHours(lunch, at('07:30'), TZ)).toBe(true); // 13:00
    expect(inQuietHours(lunch, at('08:30'), TZ)).toBe(false); // 14:00
    expect(inQuietHours({ start: '09:00', end: '09:00' }, at('03:30'), TZ)).toBe(false);
    expect(inQuietHours(undefined, at('16:30'), TZ)).toBe(false);
  });

  it('hold back what is not urgent; a critical result still goes', () => {
    const prefs = {
      email: true,
      sms: true,
      phone: '+919845012345',
      quietHours: { start: '22:00', end: '07:00' },
    };
    expect(channelsFor('agent-action-proposed', prefs, at('18:00'), TZ)).toEqual([
      { channel: 'email', send: false, reason: 'quiet hours' },
      { channel: 'sms', send: false, reason: 'quiet hours' },
    ]);
    expect(channelsFor('lab-critical-result', prefs, at('18:00'), TZ)).toEqual([
      { channel: 'email', send: true },
      { channel: 'sms', send: true },
    ]);
    expect(
      channelsFor('agent-action-proposed', { email: false, sms: true }, at('06:00'), TZ),
    ).toEqual([{ channel: 'sms', send: false, reason: 'no phone number in the preferences' }]);
  });
});

describe('templates', () => {
  it('allow an SMS only its SMS-safe fields', () => {
    expect(
      forbiddenFields('lab-critical-result', 'sms', { subject: '', body: '{{mrn}} {{orderId}}' }),
    ).toEqual([]);
    expect(
      forbiddenFields('lab-critical-result', 'sms', {
        subject: '',
        body: '{{ testName }} {{mrn}} {{patientName}}',
      }),
    ).toEqual(['testName', 'patientName']);
    expect(
      forbiddenFields('lab-critical-result', 'email', { subject: '{{mrn}}', body: '{{testName}}' }),
    ).toEqual([]);
  });

  it('render placeholders, an unknown one as empty', () => {
    expect(render('MRN {{mrn}}, {{ nope }}.', { mrn: 'M1' })).toBe('MRN M1, .');
  });
});

describe('times in messages', () => {
  it('are the hospital’s wall clock, named', async () => {
    const { wallClock } = await import('../../../shared/modules/notifications/deliver');
    expect(wallClock('2026-11-25T02:21:14.801Z', 'Asia/Kolkata')).toBe(
      '2026-11-25 07:51 (Asia/Kolkata)',
    );
    expect(wallClock('2026-03-29T00:30:00Z', 'Europe/London')).toBe(
      '2026-03-29 00:30 (Europe/London)',
    );
    expect(wallClock('2026-03-29T01:30:00Z', 'Europe/London')).toBe(
      '2026-03-29 02:30 (Europe/London)',
    );
  });
});
