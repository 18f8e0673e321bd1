import type { Principal } from '../../auth/principal';
import { estimateWaits, orderQueue } from '../opd/queue';
import { nextSessionOpening } from '../opd/schedule';
import { todayIn } from '../opd/zoned-time';
import { doctorDay } from './appointments';
import { findDoctor } from './parties';

/**
 * The live queue of one doctor for one day: every checked-in appointment, ordered by the queue
 * rule (in consultation, then urgent, then token) with wait estimates for those still waiting.
 */
export async function queueFor(
  principal: Principal,
  doctorId: string,
  date: string | undefined,
  now: Date,
) {
  const day = date ?? todayIn(principal.timezone, now);
  const doctor = await findDoctor(principal.tenantId, doctorId);
  const slotMinutes = doctor.schedule?.slotMinutes ?? 15;
  const entries = (await doctorDay(principal.tenantId, doctorId, day, principal.timezone))
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
    ? nextSessionOpening(doctor.schedule, day, principal.timezone, now)
    : null;
  const waits = new Map(
    estimateWaits(ordered, {
      slotMinutes,
      now,
      consultationStartedAt: current?.consultationStartedAt ?? null,
      sessionOpensAt,
    }).map((w) => [w.appointmentId, w]),
  );
  return {
    doctorId,
    doctorName: doctor.name,
    date: day,
    timezone: principal.timezone,
    waiting: waits.size,
    sessionOpensAt,
    items: ordered.map((e) => ({
      ...e,
      position: waits.get(e.appointmentId)?.position ?? null,
      estimatedWaitMinutes: waits.get(e.appointmentId)?.estimatedWaitMinutes ?? null,
    })),
  };
}
