import { describe, expect, it } from 'vitest';
import { Conflict, Invalid } from '../../../shared/kernel/errors';
import {
  APPOINTMENT_STATUS_TRANSITIONS,
  APPOINTMENT_STATUSES,
  type AppointmentStatus,
  AppointmentStatusSchema,
  appointmentStatusTableMarkdown,
  assertTransition,
  nextAppointmentStatuses,
} from '../../../shared/modules/appointments/status';
import { thrownBy } from '../../support/thrown';

// Written out independently of the module so a slip in the table is caught.
const EXPECTED: Record<AppointmentStatus, AppointmentStatus[]> = {
  proposed: [],
  pending: [],
  booked: ['arrived', 'checked-in', 'cancelled', 'noshow', 'entered-in-error'],
  arrived: ['checked-in', 'cancelled', 'noshow', 'entered-in-error'],
  'checked-in': ['fulfilled', 'cancelled', 'entered-in-error'],
  fulfilled: [],
  cancelled: [],
  noshow: [],
  'entered-in-error': [],
  waitlist: [],
};

describe('AppointmentStatusSchema', () => {
  it('accepts the FHIR Appointment.status vocabulary', () => {
    expect([...APPOINTMENT_STATUSES].sort()).toEqual(
      [
        'proposed',
        'pending',
        'booked',
        'arrived',
        'checked-in',
        'fulfilled',
        'cancelled',
        'noshow',
        'entered-in-error',
        'waitlist',
      ].sort(),
    );
    for (const status of APPOINTMENT_STATUSES)
      expect(AppointmentStatusSchema.parse(status)).toBe(status);
  });

  it('rejects other values', () => {
    for (const value of ['done', 'Booked', 'no-show', '', null, 1]) {
      expect(AppointmentStatusSchema.safeParse(value).success).toBe(false);
    }
  });
});

describe('APPOINTMENT_STATUS_TRANSITIONS', () => {
  it('has one row per status and matches the specified lifecycle', () => {
    expect(Object.keys(APPOINTMENT_STATUS_TRANSITIONS).sort()).toEqual(
      [...APPOINTMENT_STATUSES].sort(),
    );
    for (const status of APPOINTMENT_STATUSES) {
      expect([...APPOINTMENT_STATUS_TRANSITIONS[status]].sort()).toEqual(
        [...EXPECTED[status]].sort(),
      );
      expect(nextAppointmentStatuses(status)).toBe(APPOINTMENT_STATUS_TRANSITIONS[status]);
    }
  });
});

describe('assertTransition', () => {
  const pairs = APPOINTMENT_STATUSES.flatMap((from) =>
    APPOINTMENT_STATUSES.map((to) => [from, to] as const),
  );

  it.each(pairs)('%s → %s follows the table', (from, to) => {
    const allowed = EXPECTED[from].includes(to);
    const attempt = () => assertTransition(from, to, { reason: 'patient request' });
    if (allowed) {
      expect(attempt).not.toThrow();
    } else {
      const error = thrownBy(attempt);
      expect(error).toBeInstanceOf(Conflict);
      expect((error as Conflict).code).toBe('conflict');
      expect((error as Conflict).details).toEqual({ from, to, allowed: EXPECTED[from] });
    }
  });

  it('names the state and says "none" when the current state is terminal', () => {
    const error = thrownBy(() => assertTransition('fulfilled', 'booked')) as Conflict;
    expect(error.message).toBe(
      "Cannot change appointment status from 'fulfilled' to 'booked'; allowed next states: none",
    );
    expect(error.details).toEqual({ from: 'fulfilled', to: 'booked', allowed: [] });
  });

  it('lists the allowed next states in table order', () => {
    const error = thrownBy(() => assertTransition('checked-in', 'booked')) as Conflict;
    expect(error.message).toBe(
      "Cannot change appointment status from 'checked-in' to 'booked'; allowed next states: fulfilled, cancelled, entered-in-error",
    );
    const fromArrived = thrownBy(() => assertTransition('arrived', 'fulfilled')) as Conflict;
    expect(fromArrived.message).toBe(
      "Cannot change appointment status from 'arrived' to 'fulfilled'; allowed next states: checked-in, cancelled, noshow, entered-in-error",
    );
  });

  it('rejects staying in the same state', () => {
    expect(thrownBy(() => assertTransition('booked', 'booked'))).toBeInstanceOf(Conflict);
  });

  it('requires a non-empty reason to cancel', () => {
    for (const options of [undefined, {}, { reason: '' }, { reason: '   ' }, { reason: null }]) {
      const error = thrownBy(() => assertTransition('booked', 'cancelled', options));
      expect(error).toBeInstanceOf(Invalid);
      expect((error as Invalid).code).toBe('invalid');
      expect((error as Invalid).message).toBe("reason: is required when status is 'cancelled'");
    }
    expect(() =>
      assertTransition('booked', 'cancelled', { reason: 'Doctor on leave' }),
    ).not.toThrow();
    expect(() =>
      assertTransition('checked-in', 'cancelled', { reason: 'Patient left' }),
    ).not.toThrow();
  });

  it('reports a forbidden cancellation as a conflict even without a reason', () => {
    expect(thrownBy(() => assertTransition('fulfilled', 'cancelled'))).toBeInstanceOf(Conflict);
  });

  it('does not need a reason for other transitions', () => {
    expect(() => assertTransition('booked', 'noshow')).not.toThrow();
    expect(() => assertTransition('checked-in', 'fulfilled')).not.toThrow();
  });
});

describe('appointmentStatusTableMarkdown', () => {
  const markdown = appointmentStatusTableMarkdown();
  const rows = markdown.trim().split('\n');

  it('renders a markdown table with a row for every status', () => {
    expect(rows[0]).toBe('| Status | Allowed next states |');
    expect(rows[1]).toBe('| --- | --- |');
    expect(rows).toHaveLength(2 + APPOINTMENT_STATUSES.length);
    for (const status of APPOINTMENT_STATUSES) {
      expect(rows.some((row) => row.startsWith(`| \`${status}\` |`))).toBe(true);
    }
  });

  it('shows next states, terminal states and unused states distinctly', () => {
    expect(rows).toContain(
      '| `booked` | `arrived`, `checked-in`, `cancelled`, `noshow`, `entered-in-error` |',
    );
    expect(rows).toContain('| `fulfilled` | none (terminal) |');
    expect(rows).toContain('| `proposed` | none (not used by this service) |');
  });
});
