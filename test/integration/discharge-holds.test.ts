/**
 * What holds a discharge (issue 16, item 4) and the pharmacy's part in it (item 5): an active lab
 * order from the admission, and discharge medicines prescribed while the patient is in and not
 * yet dispensed, each hold the discharge and release themselves when their cause ends; the
 * pharmacy dispenses an admission's prescriptions like outpatient ones (FEFO, stock never
 * negative, charges), matching strength, form and unit and re-checking allergies (item 10).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/kernel/time/zoned-time';
import { expectError } from '../support/api';
import { inpatientHospital, must } from '../support/inpatient';
import { opdRuntime } from '../support/opd';

const TZ = 'Asia/Kolkata';
const rt = opdRuntime(TZ);

const SUMMARY = {
  finalDiagnoses: [{ text: 'Community-acquired pneumonia' }],
  conditionAtDischarge: 'Improved',
  disposition: 'home',
};

async function ward() {
  const h = await inpatientHospital(rt.url, TZ);
  const [tech, tech2, pathologist, pharmacist] = await Promise.all([
    h.staff('LAB_TECHNICIAN'),
    h.staff('LAB_TECHNICIAN'),
    h.staff('PATHOLOGIST'),
    h.staff('PHARMACIST'),
  ]);
  await must(
    pathologist.api.post('/lab/catalogue/starter', { acceptPublishedRanges: true }),
    200,
    'starter catalogue',
  );
  const w = await h.ward();
  const admitted = async (patient: Record<string, unknown> = {}) => {
    const p = await h.patient(patient);
    return must(h.admit(p.id, { wardId: w.id }), 201, 'admission');
  };
  const discharge = (id: string, body: Record<string, unknown> = {}) =>
    h.doctorUser.api.post(`/admissions/${id}/discharge`, { ...SUMMARY, ...body });
  return { ...h, tech, tech2, pathologist, pharmacist, admitted, discharge };
}

describe('a lab order from the admission holds the discharge (item 4)', () => {
  it('until its report is verified, or it is revoked; a draft holds nothing until activated', async () => {
    const h = await ward();
    const adm = await h.admitted();
    const order = (codes: string[]) =>
      must(
        h.doctorUser.api.post('/lab/orders', {
          source: { kind: 'admission', id: adm.id },
          codes,
          confirmDuplicate: true,
        }),
        201,
        'order',
      );
    const cbc = await order(['58410-2']);
    const bmp = await order(['51990-0']);
    const blocked = await h.discharge(adm.id);
    expectError(blocked, 409, /open lab order lab-order-.*not yet reported/);
    expect(blocked.body.blockers).toHaveLength(2);

    // The BMP is revoked: its hold goes; the CBC still holds.
    await must(
      h.doctorUser.api.patch(`/lab/orders/${bmp.id}/status`, {
        status: 'revoked',
        reason: 'Not needed after review',
      }),
      200,
      'revoke',
    );
    const stillBlocked = await h.discharge(adm.id);
    expectError(stillBlocked, 409, new RegExp(`lab-order-${cbc.id}`));
    expect(stillBlocked.body.blockers).toHaveLength(1);

    // The CBC is collected, resulted and verified: the last hold goes.
    await must(h.tech.api.post(`/lab/orders/${cbc.id}/specimens`, {}), 201, 'collect');
    await must(
      h.tech.api.post(`/lab/orders/${cbc.id}/results`, {
        results: [
          { code: '718-7', value: 13.5 },
          { code: '4544-3', value: 41 },
          { code: '6690-2', value: 7.2 },
          { code: '777-3', value: 250 },
        ],
      }),
      200,
      'results',
    );
    await must(h.tech2.api.post(`/lab/orders/${cbc.id}/verify`, {}), 200, 'verify');
    const done = await h.discharge(adm.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });
});
