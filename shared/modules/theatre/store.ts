/**
 * Storage of the operating theatre. Theatres are listed by code (gsi1), sessions by the hospital's
 * date (gsi1: `TSESSIONS#<date>`, by theatre then start). A case is one item, every change a
 * conditional write on its `version`; scheduled it is on its date's list (gsi1: `TCASES#<date>`,
 * by theatre then start), waiting it is on the waiting list (gsi1: `TWAITING`, by NCEPOD priority
 * then age); it is listed by patient (gsi2) and by admission (gsi3). The time a case takes of its
 * theatre, its team and its patient is held in the kernel's interval calendars
 * (shared/kernel/store/interval-booking), written in the case's transaction. Utilisation is one
 * item per theatre and date whose counters are added to by the writes that change them (no scans).
 */
import { defineRecord } from '../../kernel/records';
import { sortKey } from '../../kernel/store/keys';
import type { Item, Store, TxItem } from '../../kernel/store/store';
import { updateItem } from '../../kernel/store/update';
import * as z from '../../kernel/zod';
import { Session, SurgicalCase, Theatre, TheatreSettings } from './schemas';
import { NCEPOD } from './status';

export const TheatreRecord = defineRecord('Theatre', Theatre);
export const SettingsRecord = defineRecord('TheatreSettings', TheatreSettings);
export const SessionRecord = defineRecord('TheatreSession', Session);
export const CaseRecord = defineRecord('SurgicalCase', SurgicalCase);
export type CaseRecord = z.output<typeof CaseRecord.schema>;
export type SessionRecord = z.output<typeof SessionRecord.schema>;

export const UtilisationCounters = z.strictObject({
  theatre: z.string(),
  date: z.string(),
  sessionMinutes: z.optional(z.number()),
  bookedMinutes: z.optional(z.number()),
  usedMinutes: z.optional(z.number()),
  casesCompleted: z.optional(z.number()),
  lateStarts: z.optional(z.number()),
  overruns: z.optional(z.number()),
  turnarounds: z.optional(z.number()),
  turnaroundMinutes: z.optional(z.number()),
  cancellationsOnTheDay: z.optional(z.record(z.string(), z.number())),
});
export const UtilisationRecord = defineRecord('TheatreUtilisation', UtilisationCounters);

/**
 * Why the lab refused a specimen's order: an item of its own beside the case, so that noting it
 * (the specimen-orders consumer, at any moment) never changes the case's version under the team
 * recording the next step.
 */
export const SpecimenProblemRecord = defineRecord(
  'TheatreSpecimenProblem',
  z.strictObject({
    caseId: z.string(),
    specimenId: z.string(),
    problem: z.string(),
    at: z.string(),
  }),
);

export const theatreKeys = (store: Store) => ({
  theatre: (code: string) => store.keys.entity('THEATRE', code),
  theatres: () => store.keys.collection('THEATRES'),
  settings: () => store.keys.entity('THEATRESETTINGS', 'settings'),
  session: (id: string) => store.keys.entity('TSESSION', id),
  sessionsOn: (date: string) => store.keys.collection('TSESSIONS', date),
  case: (id: string) => store.keys.entity('TCASE', id),
  casesOn: (date: string) => store.keys.collection('TCASES', date),
  waiting: () => store.keys.collection('TWAITING'),
  byPatient: (patientId: string) => store.keys.collection('TCASES', 'PATIENT', patientId),
  byAdmission: (admissionId: string) => store.keys.collection('TCASES', 'ADMISSION', admissionId),
  utilisation: (date: string, theatre: string) => store.keys.entity('TUTIL', `${date}#${theatre}`),
  utilisationOn: (date: string) => store.keys.collection('TUTILS', date),
  specimenProblem: (specimenId: string) => store.keys.entity('TSPECPROBLEM', specimenId),
});

export function theatreItem(store: Store, t: Theatre): Item {
  const keys = theatreKeys(store);
  return TheatreRecord.item(t, {
    ...keys.theatre(t.code),
    gsi1pk: keys.theatres(),
    gsi1sk: t.code,
  });
}

export function sessionPut(store: Store, s: SessionRecord, readVersion: number | null): TxItem {
  const keys = theatreKeys(store);
  const Item = SessionRecord.item(s, {
    ...keys.session(s.id),
    gsi1pk: keys.sessionsOn(s.date),
    gsi1sk: sortKey(s.theatre, s.start, s.id),
  });
  return versioned(Item, readVersion);
}

function versioned(Item: Item, readVersion: number | null): TxItem {
  return {
    Put: {
      Item,
      ...(readVersion === null
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : {
            ConditionExpression: '#version = :version',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':version': readVersion },
          }),
    },
  };
}

export function casePut(store: Store, c: CaseRecord, readVersion: number | null): TxItem {
  const keys = theatreKeys(store);
  const listed: Record<string, string> =
    c.status === 'waiting'
      ? {
          gsi1pk: keys.waiting(),
          gsi1sk: sortKey(NCEPOD.indexOf(c.priority), c.requestedAt, c.id),
        }
      : c.schedule && c.status !== 'cancelled'
        ? {
            gsi1pk: keys.casesOn(c.schedule.date),
            gsi1sk: sortKey(c.schedule.theatre, c.schedule.start, c.id),
          }
        : {};
  const Item = CaseRecord.item(c, {
    ...keys.case(c.id),
    ...listed,
    gsi2pk: keys.byPatient(c.patientId),
    gsi2sk: sortKey(c.requestedAt, c.id),
    ...(c.admissionId
      ? { gsi3pk: keys.byAdmission(c.admissionId), gsi3sk: sortKey(c.requestedAt, c.id) }
      : {}),
  });
  return versioned(Item, readVersion);
}

/** What a write adds to a theatre's counters of a date. */
export interface UtilisationDelta {
  date: string;
  theatre: string;
  add: Partial<
    Record<
      | 'sessionMinutes'
      | 'bookedMinutes'
      | 'usedMinutes'
      | 'casesCompleted'
      | 'lateStarts'
      | 'overruns'
      | 'turnarounds'
      | 'turnaroundMinutes',
      number
    >
  >;
  cancelled?: string;
}

/**
 * The counter updates of some deltas, merged per theatre and date (a transaction may touch an
 * item once). A cancellation on the day adds to its reason's count in the map.
 */
export function utilisationWrites(store: Store, deltas: readonly UtilisationDelta[]): TxItem[] {
  const keys = theatreKeys(store);
  const merged = new Map<string, UtilisationDelta & { cancels: string[] }>();
  for (const d of deltas) {
    const k = `${d.date}#${d.theatre}`;
    const m = merged.get(k) ?? { date: d.date, theatre: d.theatre, add: {}, cancels: [] };
    for (const [f, n] of Object.entries(d.add))
      m.add[f as keyof UtilisationDelta['add']] =
        (m.add[f as keyof UtilisationDelta['add']] ?? 0) + (n ?? 0);
    if (d.cancelled) m.cancels.push(d.cancelled);
    merged.set(k, m);
  }
  const writes: TxItem[] = [];
  for (const m of merged.values()) {
    const add = Object.fromEntries(Object.entries(m.add).filter(([, n]) => n !== 0));
    // One counter attribute per reason (`cancel_<reason>`): ADD creates it on first use.
    for (const reason of m.cancels) add[`cancel_${reason}`] = (add[`cancel_${reason}`] ?? 0) + 1;
    if (!Object.keys(add).length) continue;
    writes.push({
      Update: updateItem(theatreKeys(store).utilisation(m.date, m.theatre), {
        set: {
          entity: UtilisationRecord.entity,
          theatre: m.theatre,
          date: m.date,
          gsi1pk: keys.utilisationOn(m.date),
          gsi1sk: m.theatre,
        },
        add,
      }),
    });
  }
  return writes;
}

export async function findTheatre(store: Store, code: string) {
  const item = await store.get(theatreKeys(store).theatre(code), { consistent: true });
  return item ? TheatreRecord.read(item) : undefined;
}
export async function listTheatres(store: Store) {
  const items = await store.query({ index: 'gsi1', partition: theatreKeys(store).theatres() });
  return items.map((i) => TheatreRecord.read(i));
}
export async function readSettings(store: Store) {
  const item = await store.get(theatreKeys(store).settings());
  return item ? SettingsRecord.read(item) : { localItems: [], anaesthesiaPricePerMinuteMinor: 0 };
}
export function settingsItem(store: Store, s: z.output<typeof TheatreSettings>): Item {
  return SettingsRecord.item(s, theatreKeys(store).settings());
}
export async function findSession(store: Store, id: string) {
  const item = await store.get(theatreKeys(store).session(id), { consistent: true });
  return item ? SessionRecord.read(item) : undefined;
}
export async function findCase(store: Store, id: string): Promise<CaseRecord | undefined> {
  const item = await store.get(theatreKeys(store).case(id), { consistent: true });
  return item ? CaseRecord.read(item) : undefined;
}
/** The lab's refusals of the given specimens' orders, by specimen id. */
export async function specimenProblems(store: Store, specimenIds: readonly string[]) {
  const keys = theatreKeys(store);
  const items = await Promise.all(specimenIds.map((id) => store.get(keys.specimenProblem(id))));
  return new Map(
    items
      .filter((i) => i !== undefined)
      .map((i) => SpecimenProblemRecord.read(i))
      .map((r) => [r.specimenId, r.problem]),
  );
}
export function specimenProblemItem(
  store: Store,
  r: z.output<typeof SpecimenProblemRecord.schema>,
): Item {
  return SpecimenProblemRecord.item(r, theatreKeys(store).specimenProblem(r.specimenId));
}
export async function sessionsOn(store: Store, date: string) {
  const items = await store.query({
    index: 'gsi1',
    partition: theatreKeys(store).sessionsOn(date),
  });
  return items.map((i) => SessionRecord.read(i));
}
export async function casesOn(store: Store, date: string) {
  const items = await store.query({ index: 'gsi1', partition: theatreKeys(store).casesOn(date) });
  return items.map((i) => CaseRecord.read(i));
}
export async function casesOfAdmission(store: Store, admissionId: string) {
  const items = await store.query({
    index: 'gsi3',
    partition: theatreKeys(store).byAdmission(admissionId),
  });
  return items.map((i) => CaseRecord.read(i));
}
/** A day's counters, with the cancellations gathered from their `cancel_<reason>` attributes. */
export async function utilisationOn(store: Store, date: string) {
  const items = await store.query({
    index: 'gsi1',
    partition: theatreKeys(store).utilisationOn(date),
  });
  return items.map((i) => {
    const cancellations: Record<string, number> = {};
    for (const [k, v] of Object.entries(i))
      if (k.startsWith('cancel_')) cancellations[k.slice('cancel_'.length)] = Number(v);
    return { ...UtilisationRecord.read(i), cancellationsOnTheDay: cancellations };
  });
}

/** The waiting list: cases requested and not scheduled, by NCEPOD priority then request time. */
export async function waitingCases(store: Store) {
  const items = await store.query({ index: 'gsi1', partition: theatreKeys(store).waiting() });
  return items.map((i) => CaseRecord.read(i));
}
