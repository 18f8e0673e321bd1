/** What other modules may use of the appointments module: reads and the consultation transitions. */
export { Appointment } from './schemas';
export { appointmentStatusTableMarkdown } from './status';
export { AppointmentRecord, findAppointment, finishConsultation, startConsultation } from './store';
