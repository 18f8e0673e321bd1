import type { Context } from '../../kernel/context';
import { todayIn } from '../../kernel/time/zoned-time';
import type { DoctorRecord } from '../doctors';
import { findDoctor, nextSessionOpening } from '../doctors';
import { estimateWaits, orderQueue } from './queue';
import { requireDoctor } from './service';
import { type AppointmentRecord, doctorDay, hospitalDay } from './store';

/**
 * The current OPD queue for a day (default today in the hospital's time zone): one doctor's when
 * a doctor is given, otherwise the whole hospital's, one queue per doctor with patients checked in
 * that day, grouped by department (the front desk's "how long is the queue?").
 */
export async function queueFor(
  ctx: Context,
  input: { doctorId?: string | undefined; date?: string | undefined },
) {
  const day = input.date ?? todayIn(ctx.tenant.timeZone, ctx.now);
  if (input.doctorId) {
    const doctor = await requireDoctor(ctx, input.doctorId);
    const appointments = await doctorDay(ctx.store, input.doctorId, day, ctx.tenant.timeZone);
    return doctorQueue(ctx, doctor, day, appointments);
  }
  return hospitalQueue(ctx, day);
}

/** Every doctor's queue of the day, by department then doctor name, with the day's totals. */
async function hospitalQueue(ctx: Context, day: string) {
  const byDoctor = new Map<string, AppointmentRecord[]>();
  for (const a of await hospitalDay(ctx.store, day)) {
    if (a.token === undefined) continue; // never checked in: not in any queue
    byDoctor.set(a.doctorId, [...(byDoctor.get(a.doctorId) ?? []), a]);
  }
  const queues = [];
  for (const [doctorId, appointments] of byDoctor) {
    const doctor = await findDoctor(ctx.store, doctorId);
    if (!doctor) continue; // an appointment outlives no doctor today; skip rather than fail the board
    queues.push({
      ...doctorQueue(ctx, doctor, day, appointments),
      departmentId: doctor.departmentId,
      departmentName: doctor.departmentName,
    });
  }
  queues.sort(
    (a, b) =>
      a.departmentName.localeCompare(b.departmentName) || a.doctorName.localeCompare(b.doctorName),
  );
  const waits = queues.flatMap((q) =>
    q.items.map((i) => i.estimatedWaitMinutes).filter((w): w is number => w !== null),
  );
  return {
    date: day,
    timezone: ctx.tenant.timeZone,
    waiting: queues.reduce((n, q) => n + q.waiting, 0),
    longestWaitMinutes: waits.length ? Math.max(...waits) : null,
    doctors: queues,
  };
}

/**
 * The live queue of one doctor for one day: every checked-in appointment, ordered by the queue
 * rule (in consultation, then urgent, then token) with wait estimates for those still waiting.
 */
function doctorQueue(
  ctx: Context,
  doctor: DoctorRecord,
  day: string,
  appointments: readonly AppointmentRecord[],
) {
  const timeZone = ctx.tenant.timeZone;
  const slotMinutes = doctor.schedule?.slotMinutes ?? 15;
  const entries = appointments
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
    doctorId: doctor.id,
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
