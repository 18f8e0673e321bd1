import type { Reply } from './api';
import { opdHospital } from './opd';

/** Answers `expected` or throws with the reply: for fixtures, which must not fail silently. */
export async function must<T = any>(reply: Promise<Reply<T>>, expected: number, what: string) {
  const r = await reply;
  if (r.status !== expected)
    throw new Error(`fixture ${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/**
 * An OPD hospital with the diagnostics staff: two lab technicians, a pathologist, a radiographer
 * and a radiologist, and the starter lab catalogue installed by the pathologist.
 */
export async function diagnosticsHospital(baseUrl: string, timezone = 'Asia/Kolkata') {
  const h = await opdHospital(baseUrl, timezone);
  const [tech, tech2, pathologist, radiographer, radiologist] = await Promise.all([
    h.staff('LAB_TECHNICIAN'),
    h.staff('LAB_TECHNICIAN'),
    h.staff('PATHOLOGIST'),
    h.staff('RADIOGRAPHER'),
    h.staff('RADIOLOGIST'),
  ]);
  await must(pathologist.api.post('/lab/catalogue/starter', {}), 200, 'starter catalogue');
  /** A walk-in encounter of the hospital's doctor for a new patient. */
  const encounterFor = async (overrides: Record<string, unknown> = {}) => {
    const patient = await h.patient(overrides);
    const encounter = await must(
      h.doctorUser.api.post('/encounters', { patientId: patient.id, chiefComplaint: 'Fatigue' }),
      201,
      'encounter',
    );
    return { patient, encounter };
  };
  return { ...h, tech, tech2, pathologist, radiographer, radiologist, encounterFor };
}
