import { describe, expect, it } from 'vitest';
import {
  isInstall,
  itemCode,
  parseAutoApproval,
  parseDrug,
  parseTariff,
} from '../../../shared/modules/onboarding/grammar';

// The answers of the formulary, tariffs, lab and auto-approval steps (docs/onboarding.md).
const FORMS = ['tablet', 'capsule', 'oral solution', 'injection', 'eye drops'];
const SERVICES = ['consultation', 'bed-day', 'pharmacy', 'lab', 'radiology', 'procedure'];
const TYPES = ['prescription', 'admission', 'lab-order'];

describe('the formulary answer', () => {
  it('reads the drug, its opening stock, batch, expiry, cost and price in any order', () => {
    expect(
      parseDrug(
        'Paracetamol 500 mg tablet, price 2.00, 1000 in stock, batch PCM2301, expires 2027-06-30, cost 1.20',
        FORMS,
      ),
    ).toEqual({
      ok: true,
      value: {
        code: 'PARACETAMOL-500MG',
        genericName: 'Paracetamol',
        strength: '500 mg',
        form: 'tablet',
        quantity: 1000,
        batchNumber: 'PCM2301',
        expiryDate: '2027-06-30',
        unitCost: 120,
        unitPrice: 200,
        reorderLevel: 0,
      },
    });
    expect(
      parseDrug(
        'Amoxicillin 250 mg/5 ml oral solution, stock 40, batch AMX-9, expiry 2026-12-31, cost 30, price 45.5, reorder 10',
        FORMS,
      ),
    ).toMatchObject({
      ok: true,
      value: {
        genericName: 'Amoxicillin',
        strength: '250 mg/5 ml',
        form: 'oral solution',
        quantity: 40,
        unitPrice: 4550,
        reorderLevel: 10,
      },
    });
  });

  it('names what is missing or not understood, and refuses a drug without strength or form', () => {
    expect(parseDrug('Paracetamol 500 mg tablet, 10 in stock', FORMS)).toEqual({
      ok: false,
      problem:
        'For Paracetamol 500 mg tablet I still need the batch, e.g. "batch PCM2301"; the expiry date, e.g. "expires 2027-06-30"; the unit cost, e.g. "cost 1.20"; the selling price per unit, e.g. "price 2.00".',
    });
    expect(parseDrug('Paracetamol tablet, 10 in stock', FORMS)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^Start with the drug/),
    });
    expect(parseDrug('Paracetamol 500 mg lozenge', FORMS)).toMatchObject({ ok: false });
    expect(parseDrug('Paracetamol 500 mg tablet, blue', FORMS)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/did not recognise "blue"/),
    });
    expect(
      parseDrug(
        'Paracetamol 500 mg tablet, 0 in stock, batch B1, expires 2027-01-01, cost 1, price 2',
        FORMS,
      ),
    ).toEqual({ ok: false, problem: 'The opening stock must be at least 1.' });
    expect(parseDrug('', FORMS)).toMatchObject({ ok: false });
  });

  it('makes the item code from the name and strength', () => {
    expect(itemCode('Co-amoxiclav', '625 mg')).toBe('COAMOXICLAV-625MG');
    expect(itemCode('Chlorhexidine', '0.2%')).toBe('CHLORHEXIDINE-02');
  });
});

describe('the tariffs answer', () => {
  it('reads a price-list line: code, name, price, service type, tax and inclusive', () => {
    expect(
      parseTariff('xray-chest, Chest X-ray, 800, radiology, tax 5%, inclusive', SERVICES),
    ).toEqual({
      ok: true,
      value: {
        kind: 'tariff',
        code: 'XRAY-CHEST',
        name: 'Chest X-ray',
        serviceType: 'radiology',
        unitPrice: 80000,
        taxRateBp: 500,
        taxInclusive: true,
      },
    });
    expect(parseTariff('ECG, Electrocardiogram, price 350.50, procedure', SERVICES)).toMatchObject({
      ok: true,
      value: { unitPrice: 35050, taxRateBp: 0, taxInclusive: false },
    });
  });

  it('reads the consultation tax', () => {
    expect(parseTariff('consultation tax 18%', SERVICES)).toEqual({
      ok: true,
      value: {
        kind: 'consultation-tax',
        consultationTaxRateBp: 1800,
        consultationTaxInclusive: false,
      },
    });
    expect(parseTariff('Consultation GST 5%, inclusive', SERVICES)).toMatchObject({
      value: { consultationTaxRateBp: 500, consultationTaxInclusive: true },
    });
    expect(parseTariff('consultation tax 18%, weekly', SERVICES)).toMatchObject({ ok: false });
  });

  it('names what is missing or wrong', () => {
    expect(parseTariff('ECG, 350', SERVICES)).toEqual({
      ok: false,
      problem: `For ECG I still need its name, e.g. "Chest X-ray"; its service type (${SERVICES.join(', ')}).`,
    });
    expect(parseTariff('not a code!, Thing, 5, lab', SERVICES)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^Start with the tariff code/),
    });
    expect(parseTariff('ECG, Electrocardiogram, Heart tracing, 350, procedure', SERVICES)).toEqual({
      ok: false,
      problem: 'I did not recognise "Heart tracing".',
    });
  });
});

describe('the lab and auto-approval answers', () => {
  it('installs the starter catalogue on a plain yes', () => {
    for (const yes of ['install', 'Yes', 'install the starter catalogue', 'ok.'])
      expect(isInstall(yes)).toBe(true);
    for (const no of ['maybe', 'skip', 'install later']) expect(isInstall(no)).toBe(false);
  });

  it('reads types with the person they run as', () => {
    expect(
      parseAutoApproval(
        'prescription as Asha.Rao@example.org; Lab-order as lab@example.org',
        TYPES,
      ),
    ).toEqual({
      ok: true,
      value: [
        { type: 'prescription', email: 'asha.rao@example.org' },
        { type: 'lab-order', email: 'lab@example.org' },
      ],
    });
    expect(parseAutoApproval('prescription', TYPES)).toMatchObject({ ok: false });
    expect(parseAutoApproval('surgery as a@b.org', TYPES)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/types: prescription, admission, lab-order/),
    });
    expect(parseAutoApproval(' ', TYPES)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/Name a type/),
    });
  });
});
