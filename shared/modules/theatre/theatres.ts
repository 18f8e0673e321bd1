/**
 * Theatres, the hospital's checklist settings, sessions (a theatre's list for a span of time),
 * the printed lists and the utilisation report (read from counters, never a scan).
 */
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { Conflict, NotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { view } from '../../kernel/records';
import { conditionFailed } from '../../kernel/store/conditions';
import { bookInterval } from '../../kernel/store/interval-booking';
import { named } from '../../kernel/store/store';
import { utcToZonedParts } from '../../kernel/time/zoned-time';
import { invalidField } from '../../kernel/validation';
import type * as z from '../../kernel/zod';
import { findUser } from '../users';
import { checklistOf, currentPhase, localItemProblem } from './checklist';
import {
  type CreateSessionInput,
  type PutSettingsInput,
  type PutTheatreInput,
  Session,
  Theatre,
  type TheatreLists,
  type Utilisation,
} from './schemas';
import {
  casesOn,
  findSession,
  findTheatre,
  readSettings,
  listTheatres as readTheatres,
  type SessionRecord,
  sessionPut,
  sessionsOn,
  settingsItem,
  theatreItem,
  utilisationOn,
  utilisationWrites,
} from './store';

export const localDate = (ctx: Context, iso: string) =>
  utcToZonedParts(new Date(iso), ctx.tenant.timeZone).date;

const minutesBetween = (a: string, b: string) =>
  Math.round((Date.parse(b) - Date.parse(a)) / 60_000);

export async function putTheatre(ctx: Context, input: z.output<typeof PutTheatreInput>) {
  const t = { ...input, updatedAt: ctx.now.toISOString() };
  await ctx.store.put({ Item: theatreItem(ctx.store, t) });
  return view(Theatre, t);
}

export async function listTheatres(ctx: Context) {
  return { items: (await readTheatres(ctx.store)).map((t) => view(Theatre, t)) };
}

export async function getSettings(ctx: Context) {
  return readSettings(ctx.store);
}

/** Local items join the core WHO items of cases requested from now on; core items stay. */
export async function putSettings(ctx: Context, input: z.output<typeof PutSettingsInput>) {
  const problem = localItemProblem(input.localItems);
  if (problem) throw invalidField('localItems', problem);
  const settings = {
    localItems: input.localItems.map((i) => ({
      ...i,
      answers: ['confirmed'],
      local: true,
    })),
    anaesthesiaPricePerMinuteMinor: input.anaesthesiaPricePerMinuteMinor,
    updatedAt: ctx.now.toISOString(),
  };
  await ctx.store.put({ Item: settingsItem(ctx.store, settings) });
  return settings;
}

/** A user of the hospital who is active and holds the role, or a 400 naming the field. */
export async function requireStaff(
  ctx: Context,
  field: string,
  id: string,
  role: 'DOCTOR' | 'NURSE',
) {
  const user = await findUser(ctx.store, id);
  if (!user?.active || user.role !== role)
    throw invalidField(
      field,
      `${id} is not an active ${role === 'DOCTOR' ? 'doctor' : 'nurse'} of this hospital`,
    );
  return { id: user.id, name: user.name };
}

/** Calendar of a theatre's sessions: two sessions of one theatre never overlap. */
const sessionCalendar = (theatre: string) => ({ calendar: 'THEATRE-SESSION', resource: theatre });

export async function createSession(ctx: Context, input: z.output<typeof CreateSessionInput>) {
  const [theatre, surgeon, anaesthetist] = await Promise.all([
    findTheatre(ctx.store, input.theatre),
    requireStaff(ctx, 'surgeonId', input.surgeonId, 'DOCTOR'),
    requireStaff(ctx, 'anaesthetistId', input.anaesthetistId, 'DOCTOR'),
  ]);
  if (!theatre) throw invalidField('theatre', `${input.theatre} is not a theatre of this hospital`);
  if (surgeon.id === anaesthetist.id)
    throw invalidField('anaesthetistId', 'must be another doctor than the surgeon');
  const start = new Date(input.start).toISOString();
  const end = new Date(input.end).toISOString();
  const session: SessionRecord = {
    id: newId(ctx),
    theatre: theatre.code,
    date: localDate(ctx, start),
    start,
    end,
    surgeonId: surgeon.id,
    anaesthetistId: anaesthetist.id,
    kind: input.kind,
    createdBy: actorId(ctx.actor),
    createdAt: ctx.now.toISOString(),
    version: 1,
  };
  await bookInterval(
    ctx.store,
    sessionCalendar(theatre.code),
    { id: session.id, start, end },
    [
      named('session', sessionPut(ctx.store, session, null)),
      ...utilisationWrites(ctx.store, [
        {
          date: session.date,
          theatre: theatre.code,
          add: { sessionMinutes: minutesBetween(start, end) },
        },
      ]),
    ],
    (clash) =>
      `Theatre ${theatre.code} already has a session from ${clash.map((b) => `${b.start} to ${b.end}`).join(', ')}`,
  );
  return view(Session, session);
}

/** Refuses a session write whose version moved (a case entered or left the room meanwhile). */
export function sessionChanged(err: unknown, id: string): void {
  if (conditionFailed(err, 'session'))
    throw new Conflict(`Session ${id} changed meanwhile; try again`);
}

export async function requireSessionOf(ctx: Context, id: string) {
  const s = await findSession(ctx.store, id);
  if (!s) throw new NotFound(`Session ${id} not found`);
  return s;
}

/** A date's lists per theatre: each session with its cases in order and their checklist progress. */
export async function lists(
  ctx: Context,
  input: { date: string; theatre?: string | undefined },
): Promise<z.output<typeof TheatreLists>> {
  const [sessions, cases] = await Promise.all([
    sessionsOn(ctx.store, input.date),
    casesOn(ctx.store, input.date),
  ]);
  const byTheatre = new Map<string, z.output<typeof TheatreLists>['theatres'][number]>();
  for (const s of sessions) {
    if (input.theatre && s.theatre !== input.theatre) continue;
    const entry = byTheatre.get(s.theatre) ?? { theatre: s.theatre, sessions: [] };
    entry.sessions.push({
      session: view(Session, s),
      cases: cases
        .filter((c) => c.schedule?.sessionId === s.id && c.status !== 'cancelled')
        .map((c) => ({
          id: c.id,
          start: c.schedule!.start,
          end: c.schedule!.end,
          patientName: c.patientName,
          mrn: c.mrn,
          procedure: c.procedure.text,
          site: c.site,
          laterality: c.laterality,
          priority: c.priority,
          surgeon: c.surgeon.name,
          anaesthetist: c.anaesthetist.name,
          status: c.status,
          checklist: {
            currentPhase: currentPhase(c.checklist, c.confirmations),
            confirmed: Object.keys(c.confirmations).length,
            total: c.checklist.length,
          },
        })),
    });
    byTheatre.set(s.theatre, entry);
  }
  return { date: input.date, theatres: [...byTheatre.values()] };
}

export async function utilisation(
  ctx: Context,
  input: { date: string },
): Promise<z.output<typeof Utilisation>> {
  const rows = await utilisationOn(ctx.store, input.date);
  return {
    date: input.date,
    theatres: rows.map((r) => ({
      theatre: r.theatre,
      sessionMinutes: r.sessionMinutes ?? 0,
      bookedMinutes: r.bookedMinutes ?? 0,
      usedMinutes: r.usedMinutes ?? 0,
      casesCompleted: r.casesCompleted ?? 0,
      lateStarts: r.lateStarts ?? 0,
      overruns: r.overruns ?? 0,
      turnarounds: r.turnarounds ?? 0,
      turnaroundMinutes: r.turnaroundMinutes ?? 0,
      cancellationsOnTheDay: r.cancellationsOnTheDay,
    })),
  };
}

/** The checklist a new case gets: the core items and the hospital's local ones, at request time. */
export async function checklistForNewCase(ctx: Context) {
  const settings = await readSettings(ctx.store);
  return checklistOf(settings.localItems);
}
