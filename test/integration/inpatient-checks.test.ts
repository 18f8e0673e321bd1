/**
 * Smaller inpatient checks (issue 16, item 9): a bed leaves housekeeping only by being marked
 * clean, and a discharge's follow-up date cannot be before the admission (or the discharge).
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/kernel/time/zoned-time';
import { expectError } from '../support/api';
import { inpatientHospital, must } from '../support/inpatient';
import { opdRuntime } from '../support/opd';

const TZ = 'Asia/Kolkata';
const rt = opdRuntime(TZ);

describe('a bed leaves housekeeping only through "mark clean"', () => {
  it('the bed manager cannot set it unoccupied; marking it clean does', async () => {
    const h = await inpatientHospital(rt.url, TZ);
    const ward = await h.ward();
    const bed = ward.beds[0];
    await must(
      h.bedManager.api.patch(`/beds/${bed.id}/state`, { state: 'housekeeping', reason: 'Spill' }),
      200,
      'to housekeeping',
    );
    expectError(
      await h.bedManager.api.patch(`/beds/${bed.id}/state`, { state: 'unoccupied' }),
      409,
      /leaves housekeeping only when it is marked clean/,
    );
    // Other ways out of housekeeping stay open: found contaminated, or closed.
    await must(
      h.bedManager.api.patch(`/beds/${bed.id}/state`, { state: 'contaminated', reason: 'C. diff' }),
      200,
      'contaminated',
    );
    await must(
      h.bedManager.api.patch(`/beds/${bed.id}/state`, { state: 'housekeeping' }),
      200,
      'terminal clean',
    );
    const clean = await must(h.nurse.api.post(`/beds/${bed.id}/clean`, {}), 200, 'clean');
    expect(clean.state).toBe('unoccupied');
  });
});

describe('a discharge follow-up date', () => {
  it('before the admission or the discharge is refused, naming the field', async () => {
    const h = await inpatientHospital(rt.url, TZ);
    const ward = await h.ward();
    const patient = await h.patient();
    const adm = await must(h.admit(patient.id, { wardId: ward.id }), 201, 'admission');
    const discharge = (followUpDate: string) =>
      h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, {
        finalDiagnoses: [{ text: 'Cellulitis' }],
        conditionAtDischarge: 'Improved',
        disposition: 'home',
        followUpDate,
      });
    for (const date of [addDays(rt.today, -30), addDays(rt.today, -1)])
      expectError(await discharge(date), 400, /followUpDate: must not be before the discharge/);
    const done = await discharge(addDays(rt.today, 7));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.discharge.followUpDate).toBe(addDays(rt.today, 7));
  });
});
