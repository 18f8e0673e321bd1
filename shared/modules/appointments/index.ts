/** What other modules may use of the appointments module: reads and the consultation transitions. */
export { Appointment } from './schemas';
export { AppointmentRecord, findAppointment, finishConsultation, startConsultation } from './store';
