import { randomUUID } from 'node:crypto';
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { Conflict, NotFound } from '../../kernel/errors';
import type { PageRequest } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import { conditionFailed } from '../../kernel/store/conditions';
import { datedListQuery } from '../../kernel/store/dated-lists';
import type { ItemKey } from '../../kernel/store/keys';
import { named, type TxItem } from '../../kernel/store/store';
import { updateItem } from '../../kernel/store/update';
import { todayIn, utcToZonedParts } from '../../kernel/time/zoned-time';
import { invalidField } from '../../kernel/validation';
import type * as z from '../../kernel/zod';
import {
  type DoctorRecord,
  findDoctor,
  freeSlots,
  isSlotStart,
  overlappingBooking,
  type WeeklySchedule,
} from '../doctors';
import { findPatient } from '../patients';
import { countOn, OPD_MEASURES, opdCounters } from '../reports/index';
import type { QueueStatus } from './queue';
import { bookingHorizonProblem } from './rules';
import { Appointment, type BookAppointmentInput } from './schemas';
import { type AppointmentStatus, assertTransition } from './status';
import {
  AppointmentRecord,
  appointmentKeys,
  doctorDay,
  findAppointment,
  newAppointmentWrites,
  releaseSlot,
} from './store';

/** Statuses that no longer hold their slot: the slot lock is released with the change. */
const RELEASES_SLOT: readonly AppointmentStatus[] = ['cancelled', 'noshow', 'entered-in-error'];
/**
 * Queue status a checked-in patient moves to when the status operation ends the appointment (only
 * before a consultation starts; after, the encounter ends it). `noshow` never follows check-in.
 */
const QUEUE_AFTER: Partial<Record<AppointmentStatus, QueueStatus>> = {
  cancelled: 'left',
  'entered-in-error': 'left',
  fulfilled: 'done',
};

export async function requireDoctor(ctx: Context, id: string): Promise<DoctorRecord> {
  const doctor = await findDoctor(ctx.store, id);
  if (!doctor) throw new NotFound(`Doctor ${id} not found`);
  return doctor;
}

export function requireSchedule(
  doctor: Pick<DoctorRecord, 'id' | 'name' | 'schedule'>,
): WeeklySchedule {
  if (!doctor.schedule) {
    throw new Conflict(
      `${doctor.name} has no weekly schedule yet; set one with doctors.setSchedule before booking`,
    );
  }
  return doctor.schedule;
}

export async function requireAppointment(ctx: Context, id: string): Promise<AppointmentRecord> {
  const appointment = await findAppointment(ctx.store, id);
  if (!appointment) throw new NotFound(`Appointment ${id} not found`);
  return appointment;
}

/** The doctor's appointments of the local date that still hold their time. */
async function slotHolders(
  ctx: Context,
  doctorId: string,
  date: string,
): Promise<AppointmentRecord[]> {
  return (await doctorDay(ctx.store, doctorId, date, ctx.tenant.timeZone)).filter(
    (a) => !RELEASES_SLOT.includes(a.status),
  );
}

export async function availability(ctx: Context, input: { id: string; date: string }) {
  const doctor = await requireDoctor(ctx, input.id);
  const schedule = requireSchedule(doctor);
  const booked = await slotHolders(ctx, input.id, input.date);
  return {
    doctorId: input.id,
    date: input.date,
    timezone: ctx.tenant.timeZone,
    slotMinutes: schedule.slotMinutes,
    slots: freeSlots(schedule, input.date, ctx.tenant.timeZone, booked, ctx.now),
  };
}

export async function bookAppointment(ctx: Context, input: z.output<typeof BookAppointmentInput>) {
  const timeZone = ctx.tenant.timeZone;
  const [patient, doctor] = await Promise.all([
    findPatient(ctx.store, input.patientId),
    requireDoctor(ctx, input.doctorId),
  ]);
  if (!patient) throw new NotFound(`Patient ${input.patientId} not found`);
  const schedule = requireSchedule(doctor);
  const horizon = bookingHorizonProblem(new Date(input.start), ctx.now);
  if (horizon) throw invalidField('start', horizon);
  const slot = isSlotStart(schedule, new Date(input.start), timeZone);
  if (!slot) {
    throw invalidField(
      'start',
      `${input.start} is not the start of a slot of this doctor's schedule; see appointments.availability for the free slots`,
    );
  }
  if (Date.parse(slot.end) <= ctx.now.getTime())
    throw invalidField('start', 'the slot is already over; choose a later slot');
  // The slot lock makes equal starts race-free; this catches a booking made on an older grid
  // (before the slot length changed) that the new slot would straddle.
  const date = utcToZonedParts(new Date(slot.start), timeZone).date;
  const straddled = overlappingBooking(slot, await slotHolders(ctx, doctor.id, date));
  if (straddled && straddled.start !== slot.start) {
    throw new Conflict(
      `The slot at ${slot.start} overlaps the appointment ${straddled.start}–${straddled.end} with ${doctor.name}; choose another slot`,
      { start: slot.start },
    );
  }

  const createdAt = ctx.now.toISOString();
  const by = actorId(ctx.actor);
  const appointment: AppointmentRecord = {
    id: randomUUID(),
    patientId: patient.id,
    patientName: patient.name,
    mrn: patient.mrn,
    doctorId: doctor.id,
    doctorName: doctor.name,
    departmentId: doctor.departmentId,
    start: slot.start,
    end: slot.end,
    date,
    status: 'booked',
    priority: input.priority,
    reason: input.reason,
    history: [{ status: 'booked', at: createdAt, by }],
    createdAt,
    updatedAt: createdAt,
    createdBy: by,
  };
  countOn(ctx, 'outpatient', date, opdCounters('booked', appointment));
  try {
    const [slotItem, ...rest] = newAppointmentWrites(ctx.store, appointment);
    await ctx.store.transact([named('slot', slotItem!), ...rest]);
  } catch (err) {
    if (conditionFailed(err, 'slot')) {
      throw new Conflict(
        `The slot at ${slot.start} with ${doctor.name} is already booked; choose another slot`,
        { start: slot.start },
      );
    }
    throw err;
  }
  return view(Appointment, appointment);
}

export async function getAppointment(ctx: Context, input: { id: string }) {
  return view(Appointment, await requireAppointment(ctx, input.id));
}

/** Lists by doctor first, then patient, then date (today when nothing is given): see datedListQuery. */
export function listAppointments(
  ctx: Context,
  query: PageRequest & {
    date?: string | undefined;
    doctorId?: string | undefined;
    patientId?: string | undefined;
    status?: AppointmentStatus | undefined;
  },
) {
  const spec = datedListQuery(appointmentKeys(ctx.store), query, {
    timeZone: ctx.tenant.timeZone,
    now: ctx.now,
    partyFirst: 'doctor',
  });
  return ctx.store.queryPage(spec, query, (item) =>
    view(Appointment, AppointmentRecord.read(item)),
  );
}

/**
 * Applies one transition of the appointment state table. The write is conditional on the status
 * read, so two concurrent changes cannot both win; releasing statuses free the slot in the same
 * transaction; checking in takes the next token of the doctor's day.
 */
export async function changeAppointmentStatus(
  ctx: Context,
  input: { id: string; status: AppointmentStatus; reason?: string | undefined },
) {
  const { store } = ctx;
  const { id } = input;
  const current = await requireAppointment(ctx, id);
  // Once a consultation runs, the encounter owns the appointment's ending (completed fulfils it,
  // entered-in-error returns it to the queue); changing it here would strand the encounter.
  if (current.encounterId) {
    throw new Conflict(
      `Appointment ${id} is in consultation (encounter ${current.encounterId}); end the encounter instead with encounters.update`,
      { encounterId: current.encounterId },
    );
  }
  assertTransition(current.status, input.status, { reason: input.reason });
  const at = ctx.now.toISOString();
  const change = {
    status: input.status,
    at,
    by: actorId(ctx.actor),
    ...(input.reason ? { reason: input.reason } : {}),
  };

  const set: Record<string, unknown> = { status: input.status, updatedAt: at };
  let tokenCounter: ItemKey | undefined;
  if (input.status === 'checked-in') {
    const today = todayIn(ctx.tenant.timeZone, ctx.now);
    if (current.date !== today) {
      throw new Conflict(
        `Appointment ${id} is on ${current.date}; patients can be checked in only on the day of their appointment (today is ${today})`,
      );
    }
    if (current.token === undefined)
      tokenCounter = appointmentKeys(store).tokenCounter(current.doctorId, current.date);
    set.checkedInAt = at;
    set.queueStatus = 'waiting';
  }
  if (input.status === 'cancelled') set.cancelReason = input.reason;
  const queueAfter = QUEUE_AFTER[input.status];
  if (queueAfter && current.token !== undefined) set.queueStatus = queueAfter;

  const items = (token?: number): TxItem[] => [
    {
      name: 'appointment',
      Update: updateItem(
        appointmentKeys(store).appointment(id),
        { set: { ...set, ...(token ? { token } : {}) }, append: { history: [change] } },
        {
          expression: '#status = :from AND attribute_not_exists(encounterId)',
          names: { '#status': 'status' },
          values: { ':from': current.status },
        },
      ),
    },
    ...(RELEASES_SLOT.includes(input.status) ? [releaseSlot(store, current)] : []),
  ];
  // The OPD report counts on the appointment's own day: visits (checked in), no-shows, cancellations.
  const measure = OPD_MEASURES[input.status];
  if (measure) countOn(ctx, 'outpatient', current.date, opdCounters(measure, current));
  try {
    // Tokens are per doctor and day and gap-free; DynamoDB TTL removes the counter a week after the day.
    if (tokenCounter) {
      await store.withNextCounterValue(tokenCounter, items, {
        expiresAt: Math.floor(Date.parse(current.end) / 1000) + 7 * 86400,
      });
    } else await store.transact(items());
  } catch (err) {
    if (conditionFailed(err, 'appointment')) {
      const latest = await requireAppointment(ctx, id);
      throw new Conflict(
        `Appointment ${id} changed while updating it (now ${latest.status}${latest.encounterId ? ', in consultation' : ''}); reload and try again`,
      );
    }
    throw err;
  }
  return getAppointment(ctx, { id });
}
