import { defineModule } from '../../manifest/module';
import { appointmentsGroup } from './routes';
import { appointmentStatusTableMarkdown } from './status';

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
  groups: [appointmentsGroup],
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
