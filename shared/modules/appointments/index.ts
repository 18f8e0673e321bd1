/** What other modules may use of the appointments module: reads and the consultation transitions. */

/** The system monitor's read (shared/modules/monitor). */
export { queueFor } from './queue-view';
export { Appointment } from './schemas';
export { appointmentStatusTableMarkdown } from './status';
export {
  AppointmentRecord,
  bookedAppointmentsOn,
  findAppointment,
  finishConsultation,
  startConsultation,
} from './store';
