import type { Context } from '../../kernel/context';
import { todayIn } from '../../kernel/time/zoned-time';
import { nextSessionOpening } from '../doctors';
import { estimateWaits, orderQueue } from './queue';
import { requireDoctor } from './service';
import { doctorDay } from './store';

/**
 * The live queue of one doctor for one day: every checked-in appointment, ordered by the queue
 * rule (in consultation, then urgent, then token) with wait estimates for those still waiting.
 */
export async function queueFor(
  ctx: Context,
  input: { doctorId: string; date?: string | undefined },
) {
  const timeZone = ctx.tenant.timeZone;
  const day = input.date ?? todayIn(timeZone, ctx.now);
  const doctor = await requireDoctor(ctx, input.doctorId);
  const slotMinutes = doctor.schedule?.slotMinutes ?? 15;
  const entries = (await doctorDay(ctx.store, input.doctorId, day, timeZone))
    .filter((a) => a.token !== undefined && a.queueStatus !== undefined)
    .map((a) => ({
      appointmentId: a.id,
      token: a.token!,
      priority: a.priority,
      status: a.queueStatus!,
      checkedInAt: a.checkedInAt!,
      patientId: a.patientId,
      patientName: a.patientName,
      mrn: a.mrn,
      appointmentStatus: a.status,
      start: a.start,
      encounterId: a.encounterId,
      consultationStartedAt: a.consultationStartedAt,
    }));
  const ordered = orderQueue(entries);
  const current = ordered.find((e) => e.status === 'in-consultation');
  const sessionOpensAt = doctor.schedule
    ? nextSessionOpening(doctor.schedule, day, timeZone, ctx.now)
    : null;
  const waits = new Map(
    estimateWaits(ordered, {
      slotMinutes,
      now: ctx.now,
      consultationStartedAt: current?.consultationStartedAt ?? null,
      sessionOpensAt,
    }).map((w) => [w.appointmentId, w]),
  );
  return {
    doctorId: input.doctorId,
    doctorName: doctor.name,
    date: day,
    timezone: timeZone,
    waiting: waits.size,
    sessionOpensAt,
    items: ordered.map((e) => ({
      ...e,
      position: waits.get(e.appointmentId)?.position ?? null,
      estimatedWaitMinutes: waits.get(e.appointmentId)?.estimatedWaitMinutes ?? null,
    })),
  };
}
