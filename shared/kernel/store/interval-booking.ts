/**
 * Booking time intervals of a resource (a scanner, an operating theatre, a bed for a day case) so
 * that no two overlap, whatever their lengths: an overlap check under a condition. A lock keyed on
 * a start time only stops two bookings that start together; after a room's slot length changes
 * from 30 to 15 minutes, 14:15 would slip inside a 14:00–14:30 booking.
 *
 * The bookings of one resource on one UTC day are one item (`CAL#<calendar>#<resource>#<day>`)
 * holding them by id, with a version. Booking reads the days the interval touches, refuses an
 * overlap, and writes each of those days conditional on the version it read, in the caller's own
 * transaction (with the caller's writes first). Of concurrent bookings touching a day, exactly one
 * transaction wins; the others fail their condition, read again, and either find the overlap
 * (409) or book in a free part of the day. Intervals are half-open: [start, end).
 */
import { Conflict } from '../errors';
import { failedConditionNames } from './conditions';
import type { Store, TxItem } from './store';

export interface Booking {
  /** The booking's own id (e.g. the order it belongs to). */
  id: string;
  /** ISO instants; `end` is exclusive, so back-to-back bookings do not overlap. */
  start: string;
  end: string;
}

export interface Calendar {
  /** What kind of resource, e.g. `RADIOLOGY-ROOM`, `THEATRE`. */
  calendar: string;
  /** The resource's code or id. */
  resource: string;
}

interface CalendarDay {
  day: string;
  /** 0 when the day has no item yet. */
  version: number;
  bookings: Record<string, { start: string; end: string }>;
}

/** A booking never spans more than this many UTC days (a transaction holds 100 writes). */
export const MAX_BOOKING_DAYS = 7;
const ATTEMPTS = 10;
const DAY_MS = 86_400_000;

const dayKey = (store: Store, cal: Calendar, day: string) =>
  store.keys.entity('CAL', `${cal.calendar}#${cal.resource}#${day}`);

/** The UTC days [start, end) touches. */
export function daysOf(interval: Pick<Booking, 'start' | 'end'>): string[] {
  const start = Date.parse(interval.start);
  const end = Date.parse(interval.end);
  if (!(end > start)) throw new Error(`interval ${interval.start}–${interval.end} is empty`);
  const days: string[] = [];
  for (let t = Date.UTC(...ymd(start)); t < end; t += DAY_MS)
    days.push(new Date(t).toISOString().slice(0, 10));
  if (days.length > MAX_BOOKING_DAYS)
    throw new Error(`interval ${interval.start}–${interval.end} spans more than a week`);
  return days;
}

function ymd(t: number): [number, number, number] {
  const d = new Date(t);
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
}

/** Whether two half-open intervals share an instant. */
export function overlap(a: Pick<Booking, 'start' | 'end'>, b: Pick<Booking, 'start' | 'end'>) {
  return Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);
}

async function readDays(store: Store, cal: Calendar, days: readonly string[]) {
  return Promise.all(
    days.map(async (day): Promise<CalendarDay> => {
      const item = await store.get(dayKey(store, cal, day), { consistent: true });
      return {
        day,
        version: Number(item?.version ?? 0),
        bookings: (item?.bookings as CalendarDay['bookings'] | undefined) ?? {},
      };
    }),
  );
}

/** The bookings of the resource that overlap the interval (other than `exceptId`). */
export async function overlappingBookings(
  store: Store,
  cal: Calendar,
  interval: Pick<Booking, 'start' | 'end'>,
  exceptId?: string,
): Promise<Booking[]> {
  return clashes(await readDays(store, cal, daysOf(interval)), interval, exceptId);
}

function clashes(
  days: readonly CalendarDay[],
  interval: Pick<Booking, 'start' | 'end'>,
  exceptId?: string,
): Booking[] {
  const found = new Map<string, Booking>();
  for (const d of days)
    for (const [id, b] of Object.entries(d.bookings))
      if (id !== exceptId && overlap(b, interval)) found.set(id, { id, ...b });
  return [...found.values()];
}

/** The name of a calendar day's write in a transaction: its condition failing means "read again". */
const CALENDAR_DAY = 'calendar-day';

function bookWrites(
  store: Store,
  cal: Calendar,
  days: readonly CalendarDay[],
  b: Booking,
): TxItem[] {
  const value = { start: b.start, end: b.end };
  return days.map(
    (d): TxItem =>
      d.version === 0
        ? {
            name: CALENDAR_DAY,
            Put: {
              Item: {
                ...dayKey(store, cal, d.day),
                entity: 'CalendarDay',
                calendar: cal.calendar,
                resource: cal.resource,
                day: d.day,
                bookings: { [b.id]: value },
                version: 1,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          }
        : {
            name: CALENDAR_DAY,
            Update: {
              Key: dayKey(store, cal, d.day),
              UpdateExpression: 'SET #bookings.#id = :booking, #version = :next',
              ConditionExpression: '#version = :read',
              ExpressionAttributeNames: {
                '#bookings': 'bookings',
                '#id': b.id,
                '#version': 'version',
              },
              ExpressionAttributeValues: {
                ':booking': value,
                ':read': d.version,
                ':next': d.version + 1,
              },
            },
          },
  );
}

/**
 * Books the interval for `booking.id` together with the caller's writes, in one transaction, or
 * answers 409 naming the overlapping bookings. A failed condition of the caller's own writes
 * (named by the caller) is thrown as it came, for the caller to explain.
 */
export async function bookInterval(
  store: Store,
  cal: Calendar,
  booking: Booking,
  others: readonly TxItem[],
  describe: (clash: Booking[]) => string = (c) =>
    `${cal.resource} is already booked at that time (${c.map((b) => `${b.start}–${b.end}`).join(', ')})`,
): Promise<void> {
  const days = daysOf(booking);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const read = await readDays(store, cal, days);
    const clash = clashes(read, booking, booking.id);
    if (clash.length) throw new Conflict(describe(clash), { bookings: clash });
    try {
      await store.transact([...others, ...bookWrites(store, cal, read, booking)]);
      return;
    } catch (err) {
      const failed = failedConditionNames(err);
      if (!failed?.length || failed.some((name) => name !== CALENDAR_DAY)) throw err;
      // A day changed since it was read (another booking or a release): read it again, after a
      // short random pause so that racing bookers do not collide again in step.
      await new Promise((ok) => setTimeout(ok, Math.random() * 15 * attempt));
    }
  }
  throw new Conflict(`${cal.resource} is being booked by others at the same time; try again`);
}

/** The writes that free a booking (in the caller's transaction). */
export function releaseInterval(store: Store, cal: Calendar, booking: Booking): TxItem[] {
  return daysOf(booking).map((day) => ({
    Update: {
      Key: dayKey(store, cal, day),
      UpdateExpression: 'REMOVE #bookings.#id SET #version = #version + :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: {
        '#bookings': 'bookings',
        '#id': booking.id,
        '#version': 'version',
      },
      ExpressionAttributeValues: { ':one': 1 },
    },
  }));
}

/** One resource's part in a change of bookings: what it books (or moves) and what it frees. */
export interface CalendarChange {
  cal: Calendar;
  /** A booking to make, or to move when its id is already booked (its old days are freed). */
  book?: Booking;
  /** Bookings to free in the same transaction (a moved or bumped case's earlier interval). */
  free?: readonly Booking[];
}

/**
 * Books and frees intervals of several resources at once (an operation's theatre, surgeon,
 * anaesthetist and patient), together with the caller's writes, in one transaction: all of them or
 * none. Each touched resource-day is rewritten whole, conditional on the version read, so a day
 * that is freed and booked in the same change (an emergency bumping an elective case, a case moved
 * within its day) is one write. An overlap on any resource answers 409 through `describe`; a day
 * changed by someone else meanwhile is read again, as in bookInterval.
 */
export async function changeBookings(
  store: Store,
  changes: readonly CalendarChange[],
  others: readonly TxItem[],
  describe: (cal: Calendar, clash: Booking[]) => string = (cal, c) =>
    `${cal.resource} is already booked at that time (${c.map((b) => `${b.start}–${b.end}`).join(', ')})`,
): Promise<void> {
  const merged = new Map<string, { cal: Calendar; books: Booking[]; frees: Booking[] }>();
  for (const ch of changes) {
    const key = `${ch.cal.calendar}#${ch.cal.resource}`;
    const entry = merged.get(key) ?? { cal: ch.cal, books: [], frees: [] };
    if (ch.book) entry.books.push(ch.book);
    entry.frees.push(...(ch.free ?? []));
    merged.set(key, entry);
  }
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const writes: TxItem[] = [];
    for (const { cal, books, frees } of merged.values()) {
      const dayNames = new Set<string>();
      for (const b of [...books, ...frees]) for (const d of daysOf(b)) dayNames.add(d);
      const days = await readDays(store, cal, [...dayNames].sort());
      const freed = new Set([...frees.map((f) => f.id), ...books.map((b) => b.id)]);
      for (const b of books) {
        const clash = clashes(days, b).filter((c) => !freed.has(c.id));
        if (clash.length)
          throw new Conflict(describe(cal, clash), { resource: cal.resource, bookings: clash });
      }
      for (const d of days) {
        const bookings = Object.fromEntries(
          Object.entries(d.bookings).filter(([id]) => !freed.has(id)),
        );
        for (const b of books)
          if (daysOf(b).includes(d.day)) bookings[b.id] = { start: b.start, end: b.end };
        writes.push(dayPut(store, cal, d, bookings));
      }
    }
    try {
      await store.transact([...others, ...writes]);
      return;
    } catch (err) {
      const failed = failedConditionNames(err);
      if (!failed?.length || failed.some((name) => name !== CALENDAR_DAY)) throw err;
      await new Promise((ok) => setTimeout(ok, Math.random() * 15 * attempt));
    }
  }
  throw new Conflict('Those resources are being booked by others at the same time; try again');
}

/** A resource-day's whole item, written only if it is still the version that was read. */
function dayPut(
  store: Store,
  cal: Calendar,
  d: CalendarDay,
  bookings: CalendarDay['bookings'],
): TxItem {
  return {
    name: CALENDAR_DAY,
    Put: {
      Item: {
        ...dayKey(store, cal, d.day),
        entity: 'CalendarDay',
        calendar: cal.calendar,
        resource: cal.resource,
        day: d.day,
        bookings,
        version: d.version + 1,
      },
      ConditionExpression: d.version === 0 ? 'attribute_not_exists(pk)' : '#version = :read',
      ...(d.version === 0
        ? {}
        : {
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':read': d.version },
          }),
    },
  };
}
