import { Conflict } from '../../http/errors';
import { getDoctor } from '../doctors/doctors';
import type { WeeklySchedule } from '../opd/schedule';
import { getPatient } from '../patients/patients';

/** The patient and doctor an appointment or encounter is about; both 404 when unknown. */
export const findPatient = getPatient;
export const findDoctor = getDoctor;

export function requireSchedule(doctor: {
  id: string;
  name: string;
  schedule: WeeklySchedule | null;
}): WeeklySchedule {
  if (!doctor.schedule) {
    throw new Conflict(
      `${doctor.name} has no weekly schedule yet; set one with PUT /doctors/${doctor.id}/schedule before booking`,
    );
  }
  return doctor.schedule;
}
