import { defineCapability, idArgument, operationCapability } from '../../agents/capability';
import { nonEmpty } from '../../kernel/fields';
import { LocalDateSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import { defineModule } from '../../manifest/module';
import * as patients from '../patients/operations';
import * as appointments from './operations';
import { appointmentsGroup } from './routes';
import { appointmentStatusTableMarkdown } from './status';

const listAppointments = operationCapability(appointments.list, {
  name: 'list-appointments',
  tool: true,
  skill: 'appointment-management',
  title: 'List appointments',
  description:
    "List appointments of a day (default today, in the hospital's time zone), optionally of one doctor, one patient or one status. Paginated.",
  scope: 'appointments:read',
  tags: ['appointments'],
  keywords: ['appointments', 'appointment', 'list', 'schedule', 'today', 'booked'],
  examples: ["List today's appointments", 'Which appointments does Dr Rao have on 2026-11-24?'],
});

const bookAppointment = operationCapability(appointments.book, {
  name: 'book-appointment',
  tool: true,
  skill: 'appointment-management',
  title: 'Book an appointment',
  description:
    'Book a free slot of a doctor for a patient (start = the slot start from check-doctor-availability). A slot can be booked once.',
  scope: 'agents:reception:write',
  tags: ['appointments', 'booking', 'reception'],
  keywords: ['book', 'booking', 'schedule', 'appointment', 'slot', 'reserve'],
  examples: ['Book patient 6f1c… with doctor 0a9e… at 2026-11-24T10:00:00+05:30 for fever'],
});

const cancelAppointment = defineCapability({
  name: 'cancel-appointment',
  tool: true,
  skill: 'appointment-management',
  title: 'Cancel an appointment',
  description:
    'Cancel a booked appointment (FHIR status cancelled) with a reason; the slot becomes free again.',
  operations: [appointments.setStatus],
  input: z.strictObject({
    id: idArgument('appointment'),
    reason: nonEmpty(500),
  }),
  output: appointments.setStatus.output,
  scope: 'agents:reception:write',
  destructive: true,
  tags: ['appointments', 'cancellation', 'reception'],
  keywords: ['cancel', 'cancellation', 'call', 'off', 'drop'],
  examples: ['Cancel appointment 3b2d… because the patient is travelling'],
  run: (_ctx, input, call) =>
    call(appointments.setStatus, { id: input.id, status: 'cancelled', reason: input.reason }),
});

const checkIn = defineCapability({
  name: 'check-in-patient',
  tool: true,
  skill: 'appointment-management',
  title: 'Check a patient in',
  description:
    "Check the patient of a booked appointment in on arrival: assigns the next queue token of the doctor's day.",
  operations: [appointments.setStatus],
  input: z.strictObject({ id: idArgument('appointment') }),
  output: appointments.setStatus.output,
  scope: 'agents:reception:write',
  tags: ['appointments', 'queue', 'reception'],
  keywords: ['check', 'checkin', 'check-in', 'arrived', 'arrival', 'token'],
  examples: ['Check in appointment 3b2d…'],
  run: (_ctx, input, call) => call(appointments.setStatus, { id: input.id, status: 'checked-in' }),
});

const checkAvailability = defineCapability({
  name: 'check-doctor-availability',
  tool: true,
  skill: 'appointment-management',
  title: "Check a doctor's availability",
  description:
    "Free slots of a doctor on a date (the hospital's time zone): the weekly schedule minus booked slots.",
  operations: [appointments.availability],
  input: z.strictObject({ doctorId: idArgument('doctor'), date: LocalDateSchema }),
  output: appointments.availability.output,
  scope: 'appointments:read',
  tags: ['appointments', 'availability', 'doctors'],
  keywords: ['available', 'availability', 'free', 'slots', 'slot', 'when', 'open'],
  examples: ['When is doctor 0a9e… free on 2026-11-24?'],
  run: (_ctx, input, call) =>
    call(appointments.availability, { id: input.doctorId, date: input.date }),
});

const queueStatus = operationCapability(appointments.queue, {
  name: 'get-queue-status',
  tool: true,
  skill: 'queue-status',
  title: 'Queue status',
  description:
    "The live OPD queue for a day (default today): the whole hospital's, by department and doctor, or one doctor's when doctorId is given: tokens, patients waiting, who is in consultation, estimated waits.",
  scope: 'agents:operations:read',
  tags: ['queue', 'opd', 'operations'],
  keywords: ['queue', 'waiting', 'wait', 'token', 'tokens', 'line', 'opd'],
  examples: ['How long is the queue?', 'How many patients are waiting for doctor 0a9e… today?'],
});

export default defineModule({
  name: 'appointments',
  title: 'Appointments and the queue',
  area: 'outpatient',
  source: import.meta.url,
  doc: 'docs/outpatient.md',
  scopes: {
    'appointments:read': 'List appointments and read the queue',
    'appointments:write': 'Book, check in and change appointment status',
  },
  capabilities: [
    listAppointments,
    bookAppointment,
    cancelAppointment,
    checkIn,
    checkAvailability,
    queueStatus,
  ],
  skills: [
    {
      name: 'appointment-management',
      title: 'Appointment management',
      description: "List, book, cancel and check in appointments, and check doctors' free slots.",
      tags: ['appointments', 'booking', 'reception'],
      examples: [
        "List today's appointments",
        'Book patient 6f1c… with doctor 0a9e… at 2026-11-24T10:00:00+05:30',
        'Cancel appointment 3b2d…',
      ],
      keywords: ['appointment', 'book', 'cancel', 'slot', 'available', 'check in'],
    },
    {
      name: 'queue-status',
      title: 'Queue status',
      description:
        "The live OPD queue, the hospital's or one doctor's: tokens, waiting patients, consultation in progress, estimated waits.",
      tags: ['queue', 'opd', 'operations'],
      examples: ['How long is the queue?', 'How long is the queue for doctor 0a9e… today?'],
      keywords: ['queue', 'waiting', 'token'],
    },
  ],
  groups: [appointmentsGroup],
  pages: [
    {
      name: 'front-desk',
      path: '/front-desk',
      title: 'Front desk',
      summary:
        'Front desk: register a patient, book with a patient and doctor picked by searching, check in, no-show and cancel on the live day list',
      icon: 'frontDesk',
      section: 'Front desk',
      audience: [patients.register, appointments.book],
      layout: 'app',
      body: 'shared/web/front-desk.ts',
      script: 'shared/web/client/front-desk.ts',
    },
  ],
  stateTables: [
    {
      title:
        'Appointment (FHIR `Appointment.status`, `appointments.setStatus`: `PATCH /appointments/{id}/status`)',
      intro:
        "Cancelling requires a `reason`. Checking in is allowed only on the appointment's date (hospital time zone) and assigns the next queue token of that doctor and day. " +
        '`cancelled`, `noshow` and `entered-in-error` release the slot so it can be booked again. `fulfilled` is normally set by completing the encounter.',
      render: appointmentStatusTableMarkdown,
    },
    {
      title: 'Queue entry',
      intro:
        '| Status | Set when |\n|---|---|\n| `waiting` | the appointment is checked in, or its encounter was entered in error |\n| `in-consultation` | an encounter starts from the appointment |\n| `done` | the encounter is completed |\n| `left` | the checked-in appointment is cancelled (left without being seen) or entered in error before a consultation, or the encounter is discontinued |\n\n' +
        'Order: in consultation first, then waiting patients with `urgent` before `routine` and otherwise by token; done and left last. Tokens are numbered from 1 per doctor and day without gaps. ' +
        "The estimated wait of a waiting patient is (patients ahead × slot length) + the longer of what remains of the current consultation and the time until the doctor's session opens (`sessionOpensAt`, when patients check in early or during a break).",
    },
  ],
});
