/**
 * The theatre waiting list (issue 17): the cases requested and not yet scheduled (new, or bumped
 * by an emergency), in NCEPOD priority order and, within a priority, the longest wait first; per
 * specialty and surgeon, how many wait and the longest wait. One query of the waiting index
 * (store.ts: gsi1 `TWAITING`, sorted by priority then request time) and one read per surgeon.
 */
import type { Context } from '../../kernel/context';
import type * as z from '../../kernel/zod';
import { findDoctor } from '../doctors';
import type { WaitingList, WaitingListInput } from './schemas';
import { NCEPOD } from './status';
import { waitingCases } from './store';

const DAY_MS = 86_400_000;
const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

export async function waitingList(
  ctx: Context,
  input: z.output<typeof WaitingListInput>,
): Promise<WaitingList> {
  const cases = (await waitingCases(ctx.store)).filter(
    (c) =>
      (!input.surgeonId || c.surgeon.id === input.surgeonId) &&
      (!input.priority || c.priority === input.priority),
  );
  const surgeons = [...new Set(cases.map((c) => c.surgeon.id))];
  const profiles = await Promise.all(surgeons.map((id) => findDoctor(ctx.store, id)));
  const specialtyOf = new Map(surgeons.map((id, i) => [id, profiles[i]?.specialty ?? null]));
  const now = ctx.now.getTime();
  const items = cases
    .map((c) => ({
      id: c.id,
      patientId: c.patientId,
      patientName: c.patientName,
      mrn: c.mrn,
      procedure: c.procedure.text,
      site: c.site,
      laterality: c.laterality,
      priority: c.priority,
      surgeon: c.surgeon,
      specialty: specialtyOf.get(c.surgeon.id) ?? null,
      expectedMinutes: c.expectedMinutes,
      requestedAt: c.requestedAt,
      daysWaiting: Math.max(0, Math.floor((now - Date.parse(c.requestedAt)) / DAY_MS)),
      bumped: c.bumped !== undefined,
      consentSigned: c.preOp.consentSigned,
    }))
    .filter((c) => !input.specialty || (c.specialty && norm(c.specialty) === norm(input.specialty)))
    // The index's order, kept explicit: priority, then the earliest request (the longest wait).
    .sort(
      (a, b) =>
        NCEPOD.indexOf(a.priority) - NCEPOD.indexOf(b.priority) ||
        a.requestedAt.localeCompare(b.requestedAt) ||
        a.id.localeCompare(b.id),
    );
  const groups = new Map<string, WaitingList['groups'][number]>();
  for (const c of items) {
    const key = `${c.specialty ?? ''}\u0000${c.surgeon.id}`;
    const g = groups.get(key) ?? {
      specialty: c.specialty,
      surgeon: c.surgeon,
      cases: 0,
      byPriority: { immediate: 0, urgent: 0, expedited: 0, elective: 0 },
      longestWaitDays: 0,
    };
    g.cases += 1;
    g.byPriority[c.priority] += 1;
    g.longestWaitDays = Math.max(g.longestWaitDays, c.daysWaiting);
    groups.set(key, g);
  }
  return {
    asOf: ctx.now.toISOString(),
    items,
    groups: [...groups.values()].sort(
      (a, b) =>
        (a.specialty ?? '\uffff').localeCompare(b.specialty ?? '\uffff') ||
        a.surgeon.name.localeCompare(b.surgeon.name),
    ),
  };
}
