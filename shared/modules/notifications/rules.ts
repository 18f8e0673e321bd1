/** Pure rules of notifications: quiet hours and which channels a person gets. */
import { minutesOfDay, utcToZonedParts } from '../../kernel/time/zoned-time';
import { type Channel, KINDS, type NotificationKind } from './kinds';

export interface QuietHours {
  start: string;
  end: string;
}

/**
 * True when `now`, on the hospital's wall clock, lies in the quiet hours `[start, end)`; a window
 * that ends before it starts runs over midnight (22:00–07:00). Equal start and end: never quiet.
 */
export function inQuietHours(q: QuietHours | undefined, now: Date, timeZone: string): boolean {
  if (!q) return false;
  const t = minutesOfDay(utcToZonedParts(now, timeZone).time);
  const start = minutesOfDay(q.start);
  const end = minutesOfDay(q.end);
  if (start === end) return false;
  return start < end ? t >= start && t < end : t >= start || t < end;
}

export interface ChannelPreferences {
  email: boolean;
  sms: boolean;
  phone?: string | undefined;
  quietHours?: QuietHours | undefined;
}

/** The default for someone who never set preferences: email only. */
export const DEFAULT_PREFERENCES: ChannelPreferences = { email: true, sms: false };

export type ChannelDecision =
  | { channel: Channel; send: true }
  | { channel: Channel; send: false; reason: string };

/**
 * Per channel the person enabled: send it, or hold it back with the reason (recorded, so the
 * outbox shows why nothing went). Quiet hours hold back what is not urgent; an SMS needs a phone.
 */
export function channelsFor(
  kind: NotificationKind,
  prefs: ChannelPreferences,
  now: Date,
  timeZone: string,
): ChannelDecision[] {
  const quiet = !KINDS[kind].urgent && inQuietHours(prefs.quietHours, now, timeZone);
  const out: ChannelDecision[] = [];
  if (prefs.email)
    out.push(
      quiet
        ? { channel: 'email', send: false, reason: 'quiet hours' }
        : { channel: 'email', send: true },
    );
  if (prefs.sms) {
    if (!prefs.phone)
      out.push({ channel: 'sms', send: false, reason: 'no phone number in the preferences' });
    else
      out.push(
        quiet
          ? { channel: 'sms', send: false, reason: 'quiet hours' }
          : { channel: 'sms', send: true },
      );
  }
  return out;
}
