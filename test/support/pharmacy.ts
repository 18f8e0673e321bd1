import { randomUUID } from 'node:crypto';
import { addDays } from '../../shared/kernel/time/zoned-time';
import { opdHospital } from './opd';

/** A hospital from opdHospital with a signed-in pharmacist and helpers for stock and prescriptions. */
export async function pharmacyHospital(baseUrl: string, timezone = 'Asia/Kolkata') {
  const h = await opdHospital(baseUrl, timezone);
  const pharmacist = await h.staff('PHARMACIST');
  const must = (r: { status: number; body: any }, status: number, what: string) => {
    if (r.status !== status) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };

  /** A formulary item (Paracetamol 500 mg tablets at 2.00 a tablet unless overridden). */
  const item = async (overrides: Record<string, unknown> = {}) =>
    must(
      await pharmacist.api.post('/pharmacy/items', {
        code: `PARA-${randomUUID().slice(0, 6)}`,
        genericName: 'Paracetamol',
        brandName: 'Crocin',
        form: 'tablet',
        strength: '500 mg',
        unit: 'tablet',
        packSize: 10,
        pricing: { kind: 'fixed', unitPrice: 200 },
        reorderLevel: 20,
        ...overrides,
      }),
      201,
      'formulary item',
    );

  /** Receives lines `{ itemId, batchNumber, days (to expiry from today), quantity, unitCost }`. */
  const receive = async (
    today: string,
    lines: {
      itemId: string;
      batchNumber: string;
      days: number;
      quantity: number;
      unitCost: number;
    }[],
  ) =>
    must(
      await pharmacist.api.post('/pharmacy/receipts', {
        supplier: 'Medline Distributors',
        invoiceReference: `INV-${randomUUID().slice(0, 8)}`,
        lines: lines.map(({ days, ...l }) => ({ ...l, expiryDate: addDays(today, days) })),
      }),
      201,
      'receipt',
    );

  /** A walk-in encounter with one prescription of `quantity` paracetamol tablets. */
  const prescription = async (quantity: number, overrides: Record<string, unknown> = {}) => {
    const patient = await h.patient();
    const encounter = must(
      await h.doctorUser.api.post('/encounters', {
        patientId: patient.id,
        chiefComplaint: 'Fever',
      }),
      201,
      'encounter',
    );
    const rx = must(
      await h.doctorUser.api.post(`/encounters/${encounter.id}/prescriptions`, {
        drugName: 'Paracetamol',
        strength: '500 mg',
        dose: '1 tablet',
        route: 'oral',
        frequency: 'every 6 hours as needed',
        durationDays: 3,
        quantity,
        ...overrides,
      }),
      201,
      'prescription',
    );
    return { patient, encounter, rx };
  };

  return { ...h, pharmacist, item, receive, prescription, must };
}
