import { randomUUID } from 'node:crypto';
import type { Principal } from '../../auth/principal';
import { BadRequest, Conflict } from '../../http/errors';
import { table } from '../../table/client';
import { withNextCounterValue } from '../../table/counters';
import { failedConditions } from '../../table/errors';
import { queryAll, requireItem } from '../../table/items';
import { counterKey, type ItemKey } from '../../table/keys';
import { type PageRequest, queryPage } from '../../table/pagination';
import { type TransactItem, transact } from '../../table/transact';
import { type AppointmentStatus, assertTransition } from '../opd/appointment-status';
import type { QueuePriority, QueueStatus } from '../opd/queue';
import { freeSlots, isSlotStart, overlappingBooking } from '../opd/schedule';
import { localDayKeyRange, todayIn, utcToZonedParts } from '../opd/zoned-time';
import { findDoctor, findPatient, requireSchedule } from './parties';
import { type AppointmentRecord, appointmentItem, apptKeys, publicAppointment } from './records';

/** Statuses that no longer hold their slot: the slot lock is released with the change. */
const RELEASES_SLOT: readonly AppointmentStatus[] = ['cancelled', 'noshow', 'entered-in-error'];
/**
 * Queue status a checked-in patient moves to when the status endpoint ends the appointment (only
 * before a consultation starts; after, the encounter ends it). `noshow` never follows check-in.
 */
const QUEUE_AFTER: Partial<Record<AppointmentStatus, QueueStatus>> = {
  cancelled: 'left',
  'entered-in-error': 'left',
  fulfilled: 'done',
};

/** Every appointment of a doctor whose slot starts within the local date (one Query, all pages). */
export async function doctorDay(
  tenantId: string,
  doctorId: string,
  date: string,
  timeZone: string,
): Promise<AppointmentRecord[]> {
  const { from, to } = localDayKeyRange(date, timeZone);
  return queryAll<AppointmentRecord>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': apptKeys.byDoctor(tenantId, doctorId),
      ':from': from,
      ':to': to,
    },
  });
}

/** The doctor's appointments of the local date that still hold their time. */
async function slotHolders(
  tenantId: string,
  doctorId: string,
  date: string,
  timeZone: string,
): Promise<AppointmentRecord[]> {
  return (await doctorDay(tenantId, doctorId, date, timeZone)).filter(
    (a) => !RELEASES_SLOT.includes(a.status),
  );
}

export async function availability(
  principal: Principal,
  doctorId: string,
  date: string,
  now: Date,
) {
  const doctor = await findDoctor(principal.tenantId, doctorId);
  const schedule = requireSchedule(doctor);
  const booked = await slotHolders(principal.tenantId, doctorId, date, principal.timezone);
  return {
    doctorId,
    date,
    timezone: principal.timezone,
    slotMinutes: schedule.slotMinutes,
    slots: freeSlots(schedule, date, principal.timezone, booked, now),
  };
}

export async function bookAppointment(
  principal: Principal,
  input: {
    patientId: string;
    doctorId: string;
    start: string;
    reason: string;
    priority: QueuePriority;
  },
  now: Date,
) {
  const tenantId = principal.tenantId;
  const [patient, doctor] = await Promise.all([
    findPatient(tenantId, input.patientId),
    findDoctor(tenantId, input.doctorId),
  ]);
  const schedule = requireSchedule(doctor);
  const slot = isSlotStart(schedule, new Date(input.start), principal.timezone);
  if (!slot) {
    throw new BadRequest(
      `start: ${input.start} is not the start of a slot of this doctor's schedule; see GET /doctors/${doctor.id}/availability`,
    );
  }
  if (Date.parse(slot.end) <= now.getTime())
    throw new BadRequest('start: the slot is already over; choose a later slot');
  // The slot lock below makes equal starts race-free; this catches a booking made on an older
  // grid (before the slot length changed) that the new slot would straddle.
  const date = utcToZonedParts(new Date(slot.start), principal.timezone).date;
  const straddled = overlappingBooking(
    slot,
    await slotHolders(tenantId, doctor.id, date, principal.timezone),
  );
  if (straddled && straddled.start !== slot.start) {
    throw new Conflict(
      `The slot at ${slot.start} overlaps the appointment ${straddled.start}–${straddled.end} with ${doctor.name}; choose another slot`,
      { start: slot.start },
    );
  }

  const createdAt = now.toISOString();
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
    history: [{ status: 'booked', at: createdAt, by: principal.id }],
    createdAt,
    updatedAt: createdAt,
    createdBy: principal.id,
  };
  try {
    await transact([
      {
        Put: {
          TableName: table(),
          Item: {
            ...apptKeys.slot(tenantId, doctor.id, slot.start),
            entity: 'SlotLock',
            appointmentId: appointment.id,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: table(),
          Item: appointmentItem(tenantId, appointment),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
  } catch (err) {
    if (failedConditions(err)?.includes(0)) {
      throw new Conflict(
        `The slot at ${slot.start} with ${doctor.name} is already booked; choose another slot`,
        { start: slot.start },
      );
    }
    throw err;
  }
  return publicAppointment(appointment);
}

export async function getAppointmentRecord(
  tenantId: string,
  id: string,
): Promise<AppointmentRecord> {
  return requireItem<AppointmentRecord>(
    apptKeys.item(tenantId, id),
    `Appointment ${id} not found`,
    { consistent: true },
  );
}

export async function getAppointment(tenantId: string, id: string) {
  return publicAppointment(await getAppointmentRecord(tenantId, id));
}

/**
 * Lists by the most selective filter given: doctor, then patient, then date (today when nothing
 * is given). A date narrows the doctor and patient views by key range; status is a filter
 * inside the chosen partition, so a page may hold fewer than `limit` items.
 */
export async function listAppointments(
  principal: Principal,
  query: {
    date?: string | undefined;
    doctorId?: string | undefined;
    patientId?: string | undefined;
    status?: AppointmentStatus | undefined;
  } & PageRequest,
  now: Date,
) {
  const t = principal.tenantId;
  const values: Record<string, unknown> = {};
  const names: Record<string, string> = {};
  const filters: string[] = [];
  let index: 'gsi1' | 'gsi2' | 'gsi3';
  let pk: string;
  let range = '';
  const date =
    query.date ??
    (query.doctorId || query.patientId ? undefined : todayIn(principal.timezone, now));
  if (query.doctorId) {
    index = 'gsi2';
    pk = apptKeys.byDoctor(t, query.doctorId);
    if (query.patientId) {
      filters.push('patientId = :patientId');
      values[':patientId'] = query.patientId;
    }
  } else if (query.patientId) {
    index = 'gsi3';
    pk = apptKeys.byPatient(t, query.patientId);
  } else {
    index = 'gsi1';
    pk = apptKeys.byDate(t, date!);
  }
  if (date && index !== 'gsi1') {
    const { from, to } = localDayKeyRange(date, principal.timezone);
    range = ` AND ${index}sk BETWEEN :from AND :to`;
    (values[':from'] = from), (values[':to'] = to);
  }
  if (query.status)
    filters.push('#status = :status'),
      (values[':status'] = query.status),
      (names['#status'] = 'status');
  values[':pk'] = pk;
  return queryPage(
    {
      IndexName: index,
      KeyConditionExpression: `${index}pk = :pk${range}`,
      ExpressionAttributeValues: values,
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
    },
    { attr: `${index}pk`, value: pk },
    query,
    (item) => publicAppointment(item as unknown as AppointmentRecord),
  );
}

/**
 * Applies one transition of the appointment state table. The write is conditional on the status
 * read, so two concurrent changes cannot both win; releasing statuses free the slot in the same
 * transaction; checking in takes the next token of the doctor's day.
 */
export async function changeAppointmentStatus(
  principal: Principal,
  id: string,
  input: { status: AppointmentStatus; reason?: string | undefined },
  now: Date,
) {
  const t = principal.tenantId;
  const current = await getAppointmentRecord(t, id);
  // Once a consultation runs, the encounter owns the appointment's ending (completed fulfils it,
  // entered-in-error returns it to the queue); changing it here would strand the encounter.
  if (current.encounterId) {
    throw new Conflict(
      `Appointment ${id} is in consultation (encounter ${current.encounterId}); end the encounter instead with PATCH /encounters/${current.encounterId}`,
      { encounterId: current.encounterId },
    );
  }
  assertTransition(current.status, input.status, { reason: input.reason });
  const at = now.toISOString();
  const change = {
    status: input.status,
    at,
    by: principal.id,
    ...(input.reason ? { reason: input.reason } : {}),
  };

  const sets = ['#status = :to', 'updatedAt = :at', 'history = list_append(history, :change)'];
  const values: Record<string, unknown> = {
    ':to': input.status,
    ':from': current.status,
    ':at': at,
    ':change': [change],
  };
  const names: Record<string, string> = { '#status': 'status' };
  let tokenCounter: ItemKey | undefined;
  if (input.status === 'checked-in') {
    const today = todayIn(principal.timezone, now);
    if (current.date !== today)
      throw new Conflict(
        `Appointment ${id} is on ${current.date}; patients can be checked in only on the day of their appointment (today is ${today})`,
      );
    if (current.token === undefined)
      tokenCounter = counterKey(t, apptKeys.tokenCounter(current.doctorId, current.date));
    sets.push('checkedInAt = :at', 'queueStatus = :waiting');
    values[':waiting'] = 'waiting';
  }
  if (input.status === 'cancelled') {
    sets.push('cancelReason = :reason');
    values[':reason'] = input.reason;
  }
  const queueAfter = QUEUE_AFTER[input.status];
  if (queueAfter && current.token !== undefined) {
    sets.push('queueStatus = :queue');
    values[':queue'] = queueAfter;
  }

  const items = (token?: number): TransactItem[] => [
    {
      Update: {
        TableName: table(),
        Key: apptKeys.item(t, id),
        UpdateExpression: `SET ${[...sets, ...(token ? ['#token = :token'] : [])].join(', ')}`,
        ConditionExpression: '#status = :from AND attribute_not_exists(encounterId)',
        ExpressionAttributeNames: { ...names, ...(token ? { '#token': 'token' } : {}) },
        ExpressionAttributeValues: { ...values, ...(token ? { ':token': token } : {}) },
      },
    },
    ...(RELEASES_SLOT.includes(input.status)
      ? [
          {
            Delete: {
              TableName: table(),
              Key: apptKeys.slot(t, current.doctorId, current.start),
              ConditionExpression: 'attribute_not_exists(pk) OR appointmentId = :id',
              ExpressionAttributeValues: { ':id': id },
            },
          },
        ]
      : []),
  ];
  try {
    // Tokens are per doctor and day and gap-free; DynamoDB TTL removes the counter a week after the day.
    if (tokenCounter)
      await withNextCounterValue(tokenCounter, items, {
        expiresAt: Math.floor(Date.parse(current.end) / 1000) + 7 * 86400,
      });
    else await transact(items());
  } catch (err) {
    if (failedConditions(err)?.includes(0)) {
      const latest = await getAppointmentRecord(t, id);
      throw new Conflict(
        `Appointment ${id} changed while updating it (now ${latest.status}${latest.encounterId ? ', in consultation' : ''}); reload and try again`,
      );
    }
    throw err;
  }
  return getAppointment(t, id);
}
