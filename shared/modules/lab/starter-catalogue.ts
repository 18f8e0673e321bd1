/**
 * The starter catalogue a hospital installs with lab.installStarterCatalogue and then edits: common
 * adult tests with published reference intervals (sources in `source` and in docs/diagnostics.md).
 * They are starting points: each laboratory must confirm or replace them with intervals validated
 * for its own analysers and population (CLSI EP28-A3c) before reporting on them.
 */
import type { ReferenceRange } from './ranges';

const MAYO = 'Mayo Clinic Laboratories, Test Catalog reference values (adults)';
const HARRIET_LANE = 'The Harriet Lane Handbook, 22nd ed., haematology reference values (children)';
const CRITICAL =
  'Critical limits: common practice, cf. Mayo Clinic Laboratories critical values list';
const ADA = 'American Diabetes Association, Standards of Care 2024 (fasting plasma glucose)';

const adult = { value: 18, unit: 'years' } as const;
const years = (value: number) => ({ value, unit: 'years' }) as const;

export interface StarterTest {
  code: string;
  codeSystem: 'LOINC' | 'local';
  name: string;
  specimenType: string;
  container: string;
  resultType: 'numeric' | 'coded';
  unit?: string;
  decimals: number;
  answers: { code: string; display: string; interpretation: 'N' | 'A' | 'AA' }[];
  turnaroundHours: number;
  priceMinor: number;
  ranges: ReferenceRange[];
  duplicateWindowHours: number;
  active: boolean;
}

const blood = { specimenType: 'whole blood', container: 'EDTA tube (lavender top)' };
const serum = { specimenType: 'serum', container: 'SST tube (gold top)' };

function numeric(
  code: string,
  name: string,
  specimen: { specimenType: string; container: string },
  unit: string,
  decimals: number,
  priceMinor: number,
  ranges: ReferenceRange[],
): StarterTest {
  return {
    code,
    codeSystem: 'LOINC',
    name,
    ...specimen,
    resultType: 'numeric',
    unit,
    decimals,
    answers: [],
    turnaroundHours: 4,
    priceMinor,
    ranges,
    duplicateWindowHours: 24,
    active: true,
  };
}

export const STARTER_TESTS: readonly StarterTest[] = [
  numeric('718-7', 'Haemoglobin', blood, 'g/dL', 1, 12000, [
    {
      sex: 'male',
      ageFrom: adult,
      low: 13.2,
      high: 16.6,
      criticalLow: 7,
      criticalHigh: 20,
      source: `${MAYO}; ${CRITICAL}`,
    },
    {
      sex: 'female',
      ageFrom: adult,
      low: 11.6,
      high: 15,
      criticalLow: 7,
      criticalHigh: 20,
      source: `${MAYO}; ${CRITICAL}`,
    },
    {
      sex: 'any',
      ageFrom: years(2),
      ageTo: years(6),
      low: 11.5,
      high: 13.5,
      criticalLow: 7,
      criticalHigh: 20,
      source: HARRIET_LANE,
    },
    {
      sex: 'any',
      ageFrom: years(6),
      ageTo: years(12),
      low: 11.5,
      high: 15.5,
      criticalLow: 7,
      criticalHigh: 20,
      source: HARRIET_LANE,
    },
    {
      sex: 'male',
      ageFrom: years(12),
      ageTo: adult,
      low: 13,
      high: 16,
      criticalLow: 7,
      criticalHigh: 20,
      source: HARRIET_LANE,
    },
    {
      sex: 'female',
      ageFrom: years(12),
      ageTo: adult,
      low: 12,
      high: 16,
      criticalLow: 7,
      criticalHigh: 20,
      source: HARRIET_LANE,
    },
  ]),
  numeric('4544-3', 'Haematocrit', blood, '%', 1, 8000, [
    {
      sex: 'male',
      ageFrom: adult,
      low: 38.3,
      high: 48.6,
      criticalLow: 20,
      criticalHigh: 60,
      source: `${MAYO}; ${CRITICAL}`,
    },
    {
      sex: 'female',
      ageFrom: adult,
      low: 35.5,
      high: 44.9,
      criticalLow: 20,
      criticalHigh: 60,
      source: `${MAYO}; ${CRITICAL}`,
    },
  ]),
  numeric('6690-2', 'White blood cell count', blood, '10*3/uL', 1, 8000, [
    {
      sex: 'any',
      ageFrom: adult,
      low: 3.4,
      high: 9.6,
      criticalLow: 2,
      criticalHigh: 30,
      source: `${MAYO}; ${CRITICAL}`,
    },
  ]),
  numeric('777-3', 'Platelet count', blood, '10*3/uL', 0, 8000, [
    {
      sex: 'male',
      ageFrom: adult,
      low: 135,
      high: 317,
      criticalLow: 20,
      criticalHigh: 1000,
      source: `${MAYO}; ${CRITICAL}`,
    },
    {
      sex: 'female',
      ageFrom: adult,
      low: 157,
      high: 371,
      criticalLow: 20,
      criticalHigh: 1000,
      source: `${MAYO}; ${CRITICAL}`,
    },
  ]),
  numeric('2951-2', 'Sodium', serum, 'mmol/L', 0, 15000, [
    {
      sex: 'any',
      ageFrom: adult,
      low: 135,
      high: 145,
      criticalLow: 120,
      criticalHigh: 160,
      source: `${MAYO}; ${CRITICAL}`,
    },
  ]),
  numeric('2823-3', 'Potassium', serum, 'mmol/L', 1, 15000, [
    {
      sex: 'any',
      ageFrom: adult,
      low: 3.6,
      high: 5.2,
      criticalLow: 2.5,
      criticalHigh: 6.5,
      source: `${MAYO}; ${CRITICAL}`,
    },
  ]),
  numeric('2075-0', 'Chloride', serum, 'mmol/L', 0, 15000, [
    {
      sex: 'any',
      ageFrom: adult,
      low: 98,
      high: 107,
      criticalLow: 80,
      criticalHigh: 120,
      source: `${MAYO}; ${CRITICAL}`,
    },
  ]),
  numeric('2028-9', 'Carbon dioxide, total (bicarbonate)', serum, 'mmol/L', 0, 15000, [
    {
      sex: 'any',
      ageFrom: adult,
      low: 22,
      high: 29,
      criticalLow: 10,
      criticalHigh: 40,
      source: `${MAYO}; ${CRITICAL}`,
    },
  ]),
  numeric('3094-0', 'Urea nitrogen', serum, 'mg/dL', 0, 15000, [
    {
      sex: 'any',
      ageFrom: adult,
      low: 6,
      high: 21,
      criticalHigh: 100,
      source: `${MAYO}; ${CRITICAL}`,
    },
  ]),
  numeric('2160-0', 'Creatinine', serum, 'mg/dL', 2, 15000, [
    {
      sex: 'male',
      ageFrom: adult,
      low: 0.74,
      high: 1.35,
      criticalHigh: 10,
      source: `${MAYO}; ${CRITICAL}`,
    },
    {
      sex: 'female',
      ageFrom: adult,
      low: 0.59,
      high: 1.04,
      criticalHigh: 10,
      source: `${MAYO}; ${CRITICAL}`,
    },
  ]),
  numeric('2345-7', 'Glucose', serum, 'mg/dL', 0, 10000, [
    {
      sex: 'any',
      ageFrom: adult,
      low: 70,
      high: 99,
      criticalLow: 40,
      criticalHigh: 450,
      source: `${ADA}; ${CRITICAL}`,
    },
  ]),
  numeric('17861-6', 'Calcium', serum, 'mg/dL', 1, 15000, [
    {
      sex: 'any',
      ageFrom: adult,
      low: 8.6,
      high: 10.3,
      criticalLow: 6.5,
      criticalHigh: 13,
      source: `${MAYO}; ${CRITICAL}`,
    },
  ]),
  {
    code: '32700-7',
    codeSystem: 'LOINC',
    name: 'Malaria parasites, blood smear',
    ...blood,
    resultType: 'coded',
    decimals: 0,
    answers: [
      { code: 'NEG', display: 'No malaria parasites seen', interpretation: 'N' },
      { code: 'PV', display: 'Plasmodium vivax seen', interpretation: 'A' },
      { code: 'PF', display: 'Plasmodium falciparum seen', interpretation: 'AA' },
    ],
    turnaroundHours: 2,
    priceMinor: 20000,
    ranges: [],
    duplicateWindowHours: 12,
    active: true,
  },
];

export const STARTER_PANELS = [
  {
    code: '58410-2',
    codeSystem: 'LOINC' as const,
    name: 'Complete blood count (CBC)',
    tests: ['718-7', '4544-3', '6690-2', '777-3'],
    priceMinor: 35000,
    active: true,
  },
  {
    code: '51990-0',
    codeSystem: 'LOINC' as const,
    name: 'Basic metabolic panel (BMP)',
    tests: ['2951-2', '2823-3', '2075-0', '2028-9', '3094-0', '2160-0', '2345-7', '17861-6'],
    priceMinor: 90000,
    active: true,
  },
];
