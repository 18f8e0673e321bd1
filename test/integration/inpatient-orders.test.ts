import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/api';
import { inpatientHospital, must } from '../support/inpatient';
import { opdRuntime } from '../support/opd';

// Diagnostic orders from an inpatient admission: the order's source is the admission, which
// gives the patient and the doctor in charge, and must be in progress.
const TZ = 'Asia/Kolkata';
const rt = opdRuntime(TZ);
let h: Awaited<ReturnType<typeof inpatientHospital>>;

beforeAll(async () => {
  h = await inpatientHospital(rt.url, TZ);
  const pathologist = await h.staff('PATHOLOGIST');
  await must(
    pathologist.api.post('/lab/catalogue/starter', { acceptPublishedRanges: true }),
    200,
    'starter catalogue',
  );
});

const CBC = '58410-2';

describe('lab orders from an admission', () => {
  it('are placed for the admitted patient under the admitting doctor, and refused once the stay ended', async () => {
    const ward = await h.ward({ name: 'Medical Ward 2' }, 2);
    const patient = await h.patient();
    const admission = await must(h.admit(patient.id, { wardId: ward.id }), 201, 'admit');

    const order = await must(
      h.doctorUser.api.post('/lab/orders', {
        source: { kind: 'admission', id: admission.id },
        codes: [CBC],
      }),
      201,
      'order',
    );
    expect(order).toMatchObject({
      patientId: patient.id,
      source: { kind: 'admission', id: admission.id },
    });

    expectError(
      await h.doctorUser.api.post('/lab/orders', {
        source: { kind: 'admission', id: '00000000-0000-4000-8000-000000000000' },
        codes: [CBC],
      }),
      404,
      /Admission 00000000-0000-4000-8000-000000000000 not found/,
    );

    await must(
      h.doctorUser.api.post(`/admissions/${admission.id}/entered-in-error`, {
        reason: 'Wrong patient',
      }),
      200,
      'entered in error',
    );
    expectError(
      await h.doctorUser.api.post('/lab/orders', {
        source: { kind: 'admission', id: admission.id },
        codes: [CBC],
      }),
      409,
      /is 'entered-in-error'; orders are placed during an admission in progress/,
    );
  });
});
