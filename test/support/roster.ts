import { expect } from 'vitest';
import { newTenant } from './api';

/** A hospital with a ward manager, `nurses` nurses on ward W1 and the ward's shift types set up. */
export async function rosterHospital(
  baseUrl: string,
  nurses = 4,
  coverage: unknown[] = [
    { shift: 'E', dayType: 'weekday', minimum: 1, target: 2, grades: {}, competencies: { iv: 1 } },
    { shift: 'E', dayType: 'weekend', minimum: 1, target: 1, grades: {}, competencies: {} },
    { shift: 'N', dayType: 'weekday', minimum: 1, target: 1, grades: {}, competencies: {} },
    { shift: 'N', dayType: 'weekend', minimum: 1, target: 1, grades: {}, competencies: {} },
  ],
) {
  const t = await newTenant(baseUrl);
  const manager = await t.staff('WARD_MANAGER');
  const staff = [];
  for (let i = 0; i < nurses; i++) {
    const n = await t.staff('NURSE');
    const put = await manager.api.put(`/roster/staff/${n.user.id}`, {
      name: `Nurse ${i}`,
      grade: i === 0 ? 'band7' : 'band5',
      contractedHoursPerWeek: 30,
      competencies: i % 2 === 0 ? ['iv'] : [],
      wards: ['W1'],
      nightEligible: i !== 1,
      preferences: { avoidWeekdays: [], noNights: false },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    staff.push(n);
  }
  const ward = await manager.api.put('/roster/wards/W1', {
    shifts: [
      { code: 'E', start: '07:00', end: '15:00', paidHours: 8 },
      { code: 'N', start: '21:00', end: '07:30', paidHours: 10 },
    ],
    coverage,
  });
  expect(ward.status, JSON.stringify(ward.body)).toBe(200);
  return { ...t, manager, staff };
}

/**
 * Follows a generation job started with `started` (the POST's answer) until it is done or failed,
 * as a client polls it; answers the POST's status with the finished job (or the POST's refusal).
 */
export async function finished(api: any, started: { status: number; body: any }) {
  if (started.status !== 202) return started;
  let job = started.body;
  const until = Date.now() + 60_000;
  while (job.status === 'queued' || job.status === 'solving') {
    if (Date.now() > until) throw new Error(`job ${job.id} still ${job.status} after 60 s`);
    await new Promise((ok) => setTimeout(ok, 100));
    const read = await api.get(`/roster/generations/${job.id}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    job = read.body;
  }
  return { status: started.status, body: job };
}
