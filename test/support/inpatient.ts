/** An inpatient hospital for tests: the OPD hospital plus a bed manager and wards with beds. */
import { randomUUID } from 'node:crypto';
import type { Client, Reply } from './api';
import { opdHospital } from './opd';

/** Answers the body when the reply has the expected status, else throws with the reply. */
export async function must<T = any>(reply: Promise<Reply<T>>, expected: number, what: string) {
  const r = await reply;
  if (r.status !== expected)
    throw new Error(`fixture ${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export const NORMAL_VITALS = {
  respiratoryRate: 16,
  spo2: 97,
  supplementalOxygen: false,
  systolic: 124,
  diastolic: 78,
  pulse: 78,
  consciousness: 'A',
  temperatureC: 36.8,
};

/** NEWS2 8 (high): RR 25 (3), SpO2 93 (2), pulse 112 (2), temperature 38.5 (1). */
export const HIGH_NEWS2_VITALS = {
  ...NORMAL_VITALS,
  respiratoryRate: 25,
  spo2: 93,
  pulse: 112,
  temperatureC: 38.5,
};

export async function inpatientHospital(baseUrl: string, timezone = 'Asia/Kolkata') {
  const h = await opdHospital(baseUrl, timezone);
  const bedManager = await h.staff('BED_MANAGER');
  /** A ward with `count` beds (A01…), all unoccupied. */
  const ward = async (
    overrides: Record<string, unknown> = {},
    count = 4,
    features: string[] = ['oxygen'],
    api: Client = bedManager.api,
  ) => {
    const w = await must(
      api.post('/wards', {
        name: `Ward ${randomUUID().slice(0, 6)}`,
        type: 'general',
        sexPolicy: 'mixed',
        dailyCharge: 150_000,
        ...overrides,
      }),
      201,
      'ward',
    );
    const beds = await must(
      api.post(`/wards/${w.id}/beds`, { series: { prefix: 'A', count, features } }),
      201,
      'beds',
    );
    return { ...w, beds: beds.items as any[] };
  };
  const admit = (
    patientId: string,
    where: { bedId?: string; wardId?: string },
    api = h.reception.api,
  ) =>
    api.post('/admissions', {
      patientId,
      source: 'direct',
      doctorId: h.doctor.id,
      reason: 'Community-acquired pneumonia, needs IV antibiotics',
      ...where,
    });
  return { ...h, bedManager, ward, admit };
}
export type InpatientHospital = Awaited<ReturnType<typeof inpatientHospital>>;
