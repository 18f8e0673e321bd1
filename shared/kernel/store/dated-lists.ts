/**
 * The query behind the OPD's dated lists (appointments, encounters): items listed by local date
 * (gsi1), by doctor (gsi2) and by patient (gsi3), each sorted by a UTC start instant. The most
 * selective filter picks the index; the other party becomes a filter; a date narrows the doctor
 * and patient views by key range (a local day is a range of instants); without any filter the
 * list is today's. A status is a filter inside the partition, so a page may hold fewer than
 * `limit` items.
 */
import { localDayKeyRange, todayIn } from '../time/zoned-time';
import { sortKey } from './keys';
import type { QuerySpec } from './store';

export interface DatedListKeys {
  byDate(date: string): string;
  byDoctor(doctorId: string): string;
  byPatient(patientId: string): string;
}

export interface DatedListFilters {
  date?: string | undefined;
  doctorId?: string | undefined;
  patientId?: string | undefined;
  status?: string | undefined;
}

/**
 * The index attributes of an item in the dated lists, the layout datedListQuery reads: gsi1 by
 * local date, gsi2 by doctor, gsi3 by patient, each sorted by `<start instant>#<id>`.
 */
export function datedListIndexes(
  keys: DatedListKeys,
  item: { id: string; start: string; date: string; doctorId: string; patientId: string },
): Record<string, string> {
  const sk = sortKey(item.start, item.id);
  return {
    gsi1pk: keys.byDate(item.date),
    gsi1sk: sk,
    gsi2pk: keys.byDoctor(item.doctorId),
    gsi2sk: sk,
    gsi3pk: keys.byPatient(item.patientId),
    gsi3sk: sk,
  };
}

/** Equality filters over the attributes given a value; undefined ones are left out. */
export function equalityFilter(fields: Record<string, unknown>): QuerySpec['filter'] {
  const given = Object.entries(fields).filter(([, v]) => v !== undefined);
  if (!given.length) return undefined;
  return {
    expression: given.map(([k]) => `#f_${k} = :f_${k}`).join(' AND '),
    names: Object.fromEntries(given.map(([k]) => [`#f_${k}`, k])),
    values: Object.fromEntries(given.map(([k, v]) => [`:f_${k}`, v])),
  };
}

export function datedListQuery(
  keys: DatedListKeys,
  filters: DatedListFilters,
  options: { timeZone: string; now: Date; partyFirst: 'doctor' | 'patient'; newestFirst?: boolean },
): QuerySpec {
  const { doctorId, patientId, status } = filters;
  const date =
    filters.date ?? (doctorId || patientId ? undefined : todayIn(options.timeZone, options.now));
  const order = options.newestFirst ? { newestFirst: true } : {};
  const byDoctor = doctorId && (options.partyFirst === 'doctor' || !patientId);
  const spec: QuerySpec = byDoctor
    ? { index: 'gsi2', partition: keys.byDoctor(doctorId), ...order }
    : patientId
      ? { index: 'gsi3', partition: keys.byPatient(patientId), ...order }
      : { index: 'gsi1', partition: keys.byDate(date!), ...order };
  if (date && spec.index !== 'gsi1') {
    const { from, to } = localDayKeyRange(date, options.timeZone);
    spec.range = { between: [from, to] };
  }
  const filter = equalityFilter({
    ...(spec.index === 'gsi2' ? { patientId } : spec.index === 'gsi3' ? { doctorId } : {}),
    status,
  });
  return filter ? { ...spec, filter } : spec;
}
