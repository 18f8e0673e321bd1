/**
 * The charge of a finished consultation, priced from the doctor's profile: a file of its own so
 * the modules that only append charges (lab, radiology, pharmacy, theatre, admissions) do not
 * bundle the doctors module (issue 15's bundle sizes).
 */
import type { Store, TxItem } from '../../kernel/store/store';
import { findDoctor } from '../doctors';
import { chargePut, newChargeRecord } from './charges';
import { toMinorUnits } from './money';
import { readSettings } from './store';

/**
 * A finished consultation's charge: the doctor's fee from their profile (in the profile's
 * currency; invoicing refuses a charge in another currency than the hospital's), taxed as the
 * billing settings say, under the doctor's department.
 */
export async function consultationChargeWrite(
  store: Store,
  encounter: {
    id: string;
    patientId: string;
    patientName: string;
    mrn: string;
    doctorId: string;
    doctorName: string;
  },
  at: string,
  by: string,
): Promise<TxItem> {
  const [doctor, settings] = await Promise.all([
    findDoctor(store, encounter.doctorId),
    readSettings(store),
  ]);
  const currency = doctor?.currency ?? settings.currency;
  const record = newChargeRecord(
    {
      source: { type: 'encounter', id: encounter.id },
      patientId: encounter.patientId,
      patientName: encounter.patientName,
      mrn: encounter.mrn,
      serviceType: 'consultation',
      code: 'CONSULTATION',
      description: `Consultation with ${encounter.doctorName}`,
      departmentId: doctor?.departmentId,
      departmentName: doctor?.departmentName,
      quantity: 1,
      // A doctor without a profile (removed since) is charged nothing rather than blocking the record.
      unitPrice: doctor ? toMinorUnits(doctor.consultationFee, currency) : 0,
      currency,
      taxRateBp: settings.consultationTaxRateBp,
      taxInclusive: settings.consultationTaxInclusive,
      occurredAt: at,
      by,
    },
    settings.currency,
    at,
  );
  return chargePut(store, record);
}
