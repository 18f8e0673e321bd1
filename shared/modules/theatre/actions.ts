/**
 * The HITL action type whose target is a theatre operation: a booking an agent proposes (a case
 * into a session at a start time) for the coordinator or the case's surgeon to approve; the
 * executor books it through theatre.schedule, overlap rules included
 * (shared/modules/agent-actions/action-types.ts; listed in manifest.ts).
 */
import { Conflict, NotFound } from '../../kernel/errors';
import * as z from '../../kernel/zod';
import { createdId, defineActionType, inputFieldsOf } from '../agent-actions';
import { schedule } from './operations';
import { mayBump } from './status';
import { findCase, findSession } from './store';

export const surgeryBookingAction = defineActionType({
  type: 'surgery-booking',
  title: 'Surgery booking',
  proposeSummary:
    'Propose booking a surgical case into a theatre session at a start time, for the theatre coordinator or the case’s surgeon to approve',
  proposal: z.strictObject(inputFieldsOf(schedule)),
  proposers: ['THEATRE_COORDINATOR', 'DOCTOR', 'NURSE'],
  target: schedule,
  toTargetInput: (proposal) => proposal,
  async assess(ctx, input) {
    const i = input as z.output<typeof schedule.input>;
    const [c, session] = await Promise.all([
      findCase(ctx.store, i.id),
      findSession(ctx.store, i.sessionId),
    ]);
    if (!c) throw new NotFound(`Surgical case ${i.id} not found`);
    if (!session) throw new NotFound(`Session ${i.sessionId} not found`);
    if (c.status !== 'waiting' && c.status !== 'scheduled')
      throw new Conflict(
        `Surgical case ${c.id} is '${c.status}'; only a waiting or booked case is booked`,
      );
    const findings: { level: 'LOW' | 'MEDIUM' | 'HIGH'; reason: string }[] = [];
    if (i.bump)
      findings.push({ level: 'HIGH', reason: `bumps ${i.bump.caseIds.length} elective case(s)` });
    if (mayBump(c.priority)) findings.push({ level: 'HIGH', reason: `NCEPOD ${c.priority} case` });
    if (c.status === 'scheduled') findings.push({ level: 'MEDIUM', reason: 'moves a booked case' });
    if (!c.preOp.consentSigned)
      findings.push({ level: 'MEDIUM', reason: 'consent not recorded as signed' });
    return {
      patientId: c.patientId,
      patientName: c.patientName,
      summary: `Book ${c.procedure.text} (${c.priority}) in theatre ${session.theatre} at ${i.start}${i.bump ? `, bumping ${i.bump.caseIds.join(', ')}` : ''}`,
      findings,
    };
  },
  resultId: createdId,
  result: 'target',
  lifetimeMinutes: 12 * 60,
  riskRules: [
    'HIGH: the booking bumps elective cases',
    'HIGH: an immediate or urgent (NCEPOD) case',
    'MEDIUM: it moves a case already booked',
    'MEDIUM: consent is not recorded as signed',
    'LOW: an expedited or elective case into free time',
  ],
  tool: {
    skill: 'ot-protocol',
    title: 'Propose a surgery booking',
    description:
      'Propose booking a surgical case into a theatre session at a start time (optionally bumping elective cases with a reason), with your rationale, for the coordinator or the surgeon to approve.',
    tags: ['theatre', 'surgery', 'booking', 'hitl'],
    keywords: ['book surgery', 'schedule case', 'theatre booking'],
    examples: ['Book case 7f3e… into tomorrow’s session in theatre 2 at 09:00'],
  },
});
