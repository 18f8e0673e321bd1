/**
 * The kernel's interval booking (shared/kernel/store/interval-booking.ts) against DynamoDB Local:
 * overlapping intervals of any lengths are refused, back-to-back ones are not, a release frees the
 * time, and of concurrent bookings whose intervals overlap exactly one succeeds, while concurrent
 * bookings of free times on the same day all succeed (the losers of a race read again).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../shared/kernel/errors';
import {
  bookInterval,
  daysOf,
  overlappingBookings,
  releaseInterval,
} from '../../shared/kernel/store/interval-booking';
import { Stores } from '../../shared/kernel/store/store';
import { useTestTable } from '../support/operations';

beforeAll(() => useTestTable());

const fresh = () => ({
  store: new Stores().forTenant(`t-${randomUUID()}`),
  cal: { calendar: 'TEST-ROOM', resource: `R-${randomUUID().slice(0, 6)}` },
});
const at = (hhmm: string, day = '2030-03-04') => `${day}T${hhmm}:00.000Z`;
const booking = (start: string, end: string) => ({
  id: randomUUID(),
  start: at(start),
  end: at(end),
});

describe('interval booking', () => {
  it('refuses an overlap of any length, allows back-to-back, and frees on release', async () => {
    const { store, cal } = fresh();
    const first = booking('14:00', '14:30');
    await bookInterval(store, cal, first, []);
    for (const [start, end] of [
      ['14:15', '14:30'],
      ['13:45', '14:15'],
      ['14:10', '14:20'],
      ['13:00', '15:00'],
    ] as const) {
      const err = await bookInterval(store, cal, booking(start, end), []).catch((e) => e);
      expect(err, `${start}–${end}`).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('conflict');
      expect((err as AppError).details).toMatchObject({ bookings: [{ id: first.id }] });
    }
    await bookInterval(store, cal, booking('14:30', '14:45'), []);
    await bookInterval(store, cal, booking('13:30', '14:00'), []);
    await store.transact(releaseInterval(store, cal, first));
    expect(await overlappingBookings(store, cal, { start: at('14:15'), end: at('14:20') })).toEqual(
      [],
    );
    await bookInterval(store, cal, booking('14:15', '14:30'), []);
  });

  it('an interval across midnight is held on both days', async () => {
    const { store, cal } = fresh();
    const night = { id: randomUUID(), start: at('23:30'), end: at('00:30', '2030-03-05') };
    expect(daysOf(night)).toEqual(['2030-03-04', '2030-03-05']);
    await bookInterval(store, cal, night, []);
    const early = {
      id: randomUUID(),
      start: at('00:00', '2030-03-05'),
      end: at('00:15', '2030-03-05'),
    };
    await expect(bookInterval(store, cal, early, [])).rejects.toMatchObject({ code: 'conflict' });
  });

  it('concurrent overlapping bookings of different lengths: exactly one succeeds', async () => {
    const { store, cal } = fresh();
    // Every pair overlaps (all hold 09:20), so whichever wins, the others must all be refused.
    // (09:00–09:15 beside 09:15–09:30 would be back-to-back: both may legitimately succeed.)
    const tries = [
      booking('09:00', '09:30'),
      booking('09:15', '09:30'),
      booking('09:19', '09:21'),
      booking('08:45', '09:45'),
      booking('09:20', '09:50'),
      booking('09:10', '09:25'),
    ];
    const outcomes = await Promise.allSettled(tries.map((b) => bookInterval(store, cal, b, [])));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes)
      if (o.status === 'rejected') expect((o.reason as AppError).code).toBe('conflict');
    const held = await overlappingBookings(store, cal, { start: at('08:00'), end: at('11:00') });
    expect(held).toHaveLength(1);
  });

  it('concurrent bookings of free times on one day all succeed', async () => {
    const { store, cal } = fresh();
    const slots = ['10:00', '10:15', '10:30', '10:45', '11:00'].map((s, i, all) =>
      booking(s, all[i + 1] ?? '11:15'),
    );
    await Promise.all(slots.map((b) => bookInterval(store, cal, b, [])));
    const held = await overlappingBookings(store, cal, { start: at('10:00'), end: at('11:15') });
    expect(held.map((b) => b.start).sort()).toEqual(slots.map((b) => b.start));
  });
});
