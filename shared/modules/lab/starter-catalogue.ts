/**
 * The starter catalogue a hospital installs with lab.installStarterCatalogue and then edits: common
 * tests with published reference intervals, critical limits from birth to adulthood, plausibility
 * limits and unit conversions (sources in `source` and in docs/diagnostics.md). They are starting
 * points: each laboratory must confirm or replace them with intervals validated for its own
 * analysers and population (CLSI EP28-A3c) before reporting on them.
 */
import type { CriticalBand, ReferenceRange, UnitConversion } from './ranges';

const MAYO = 'Mayo Clinic Laboratories, Test Catalog reference values (adults)';
const MAYO_RANDOM_GLUCOSE = 'Mayo Clinic Laboratories, Glucose, Random, Serum (adults)';
const HARRIET_LANE = 'The Harriet Lane Handbook, 22nd ed., haematology reference values (children)';
const MAYO_CRITICAL = 'Mayo Clinic Laboratories, Critical Values / Critical Results List';
const RCPATH =
  'RCPath, The communication of critical and unexpected pathology results (2017), adults';
const RCPATH_CHILD = 'RCPath (2017): creatinine ≥ 200 µmol/L under 16 years';
const LOCAL_CRITICAL =
  'Common laboratory practice (no published list cited); validate locally before use';
const ADA = 'American Diabetes Association, Standards of Care 2024 (fasting plasma glucose)';

const adult = { value: 18, unit: 'years' } as const;
const years = (value: number) => ({ value, unit: 'years' }) as const;
const days = (value: number) => ({ value, unit: 'days' }) as const;

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
  critical: CriticalBand[];
  plausible?: { low: number; high: number };
  unitConversions: UnitConversion[];
  duplicateWindowHours: number;
  active: boolean;
}

const blood = { specimenType: 'whole blood', container: 'EDTA tube (lavender top)' };
const serum = { specimenType: 'serum', container: 'SST tube (gold top)' };

/** One critical band for everyone from birth (the sources give one set of limits). */
const allAges = (low: number | undefined, high: number | undefined, source: string) => [
  { sex: 'any' as const, low, high, source },
];

function numeric(
  code: string,
  name: string,
  specimen: { specimenType: string; container: string },
  unit: string,
  decimals: number,
  priceMinor: number,
  ranges: ReferenceRange[],
  rules: {
    critical: CriticalBand[];
    plausible: { low: number; high: number };
    unitConversions?: UnitConversion[];
  },
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
    critical: rules.critical,
    plausible: rules.plausible,
    unitConversions: rules.unitConversions ?? [],
    duplicateWindowHours: 24,
    active: true,
  };
}

/** 1 mmol/L of the analyte in mg/dL (molar mass ÷ 10). */
const MG_PER_DL_PER_MMOL = {
  glucose: 18.016,
  calcium: 4.008,
  ureaNitrogen: 2.801,
} as const;

export const STARTER_TESTS: readonly StarterTest[] = [
  numeric(
    '718-7',
    'Haemoglobin',
    blood,
    'g/dL',
    1,
    12000,
    [
      { sex: 'male', ageFrom: adult, low: 13.2, high: 16.6, source: MAYO },
      { sex: 'female', ageFrom: adult, low: 11.6, high: 15, source: MAYO },
      {
        sex: 'any',
        ageFrom: years(2),
        ageTo: years(6),
        low: 11.5,
        high: 13.5,
        source: HARRIET_LANE,
      },
      {
        sex: 'any',
        ageFrom: years(6),
        ageTo: years(12),
        low: 11.5,
        high: 15.5,
        source: HARRIET_LANE,
      },
      { sex: 'male', ageFrom: years(12), ageTo: adult, low: 13, high: 16, source: HARRIET_LANE },
      { sex: 'female', ageFrom: years(12), ageTo: adult, low: 12, high: 16, source: HARRIET_LANE },
    ],
    {
      // Mayo: ≥ 24.0 g/dL in the first 7 weeks, ≥ 20.0 after; low kept at ≤ 7.0 (Mayo: ≤ 6.0).
      critical: [
        { sex: 'any', ageTo: days(49), low: 7, high: 24, source: MAYO_CRITICAL },
        { sex: 'any', ageFrom: days(49), low: 7, high: 20, source: MAYO_CRITICAL },
      ],
      plausible: { low: 1, high: 26 },
      unitConversions: [
        { unit: 'g/L', factor: 0.1 },
        { unit: 'mmol/L', factor: 1.611 },
      ],
    },
  ),
  numeric(
    '4544-3',
    'Haematocrit',
    blood,
    '%',
    1,
    8000,
    [
      { sex: 'male', ageFrom: adult, low: 38.3, high: 48.6, source: MAYO },
      { sex: 'female', ageFrom: adult, low: 35.5, high: 44.9, source: MAYO },
    ],
    {
      critical: allAges(20, 60, LOCAL_CRITICAL),
      plausible: { low: 3, high: 85 },
      unitConversions: [{ unit: 'L/L', factor: 100 }],
    },
  ),
  numeric(
    '6690-2',
    'White blood cell count',
    blood,
    '10*3/uL',
    1,
    8000,
    [{ sex: 'any', ageFrom: adult, low: 3.4, high: 9.6, source: MAYO }],
    {
      critical: allAges(2, 30, LOCAL_CRITICAL),
      plausible: { low: 0, high: 1000 },
      unitConversions: [{ unit: '10*9/L', factor: 1 }],
    },
  ),
  numeric(
    '777-3',
    'Platelet count',
    blood,
    '10*3/uL',
    0,
    8000,
    [
      { sex: 'male', ageFrom: adult, low: 135, high: 317, source: MAYO },
      { sex: 'female', ageFrom: adult, low: 157, high: 371, source: MAYO },
    ],
    {
      critical: allAges(40, 1000, MAYO_CRITICAL),
      plausible: { low: 0, high: 5000 },
      unitConversions: [{ unit: '10*9/L', factor: 1 }],
    },
  ),
  numeric(
    '2951-2',
    'Sodium',
    serum,
    'mmol/L',
    0,
    15000,
    [{ sex: 'any', ageFrom: adult, low: 135, high: 145, source: MAYO }],
    {
      critical: allAges(120, 160, RCPATH),
      plausible: { low: 80, high: 250 },
      unitConversions: [{ unit: 'mEq/L', factor: 1 }],
    },
  ),
  numeric(
    '2823-3',
    'Potassium',
    serum,
    'mmol/L',
    1,
    15000,
    [{ sex: 'any', ageFrom: adult, low: 3.6, high: 5.2, source: MAYO }],
    {
      critical: allAges(2.5, 6.5, RCPATH),
      // A haemolysed sample can read far above any live patient's; a confirmed one is recorded.
      plausible: { low: 0.5, high: 15 },
      unitConversions: [{ unit: 'mEq/L', factor: 1 }],
    },
  ),
  numeric(
    '2075-0',
    'Chloride',
    serum,
    'mmol/L',
    0,
    15000,
    [{ sex: 'any', ageFrom: adult, low: 98, high: 107, source: MAYO }],
    {
      critical: allAges(80, 120, LOCAL_CRITICAL),
      plausible: { low: 40, high: 180 },
      unitConversions: [{ unit: 'mEq/L', factor: 1 }],
    },
  ),
  numeric(
    '2028-9',
    'Carbon dioxide, total (bicarbonate)',
    serum,
    'mmol/L',
    0,
    15000,
    [{ sex: 'any', ageFrom: adult, low: 22, high: 29, source: MAYO }],
    {
      critical: allAges(10, 40, LOCAL_CRITICAL),
      plausible: { low: 0, high: 70 },
      unitConversions: [{ unit: 'mEq/L', factor: 1 }],
    },
  ),
  numeric(
    '3094-0',
    'Urea nitrogen',
    serum,
    'mg/dL',
    0,
    15000,
    [
      { sex: 'male', ageFrom: adult, low: 8, high: 24, source: MAYO },
      { sex: 'female', ageFrom: adult, low: 6, high: 21, source: MAYO },
    ],
    {
      critical: allAges(undefined, 100, LOCAL_CRITICAL),
      plausible: { low: 0, high: 350 },
      // Urea nitrogen in mmol/L of urea: 1 mmol/L = 2.801 mg/dL of nitrogen.
      unitConversions: [{ unit: 'mmol/L', factor: MG_PER_DL_PER_MMOL.ureaNitrogen }],
    },
  ),
  numeric(
    '2160-0',
    'Creatinine',
    serum,
    'mg/dL',
    2,
    15000,
    [
      { sex: 'male', ageFrom: adult, low: 0.74, high: 1.35, source: MAYO },
      { sex: 'female', ageFrom: adult, low: 0.59, high: 1.04, source: MAYO },
    ],
    {
      // RCPath: ≥ 354 µmol/L (4.00 mg/dL) in adults, ≥ 200 µmol/L (2.26 mg/dL) under 16.
      critical: [
        { sex: 'any', ageTo: years(16), high: 2.26, source: RCPATH_CHILD },
        { sex: 'any', ageFrom: years(16), high: 4, source: RCPATH },
      ],
      plausible: { low: 0.05, high: 40 },
      // 1 mg/dL = 88.42 µmol/L.
      unitConversions: [{ unit: 'umol/L', factor: 1 / 88.42 }],
    },
  ),
  numeric(
    '2345-7',
    'Glucose, serum or plasma',
    serum,
    'mg/dL',
    0,
    10000,
    // LOINC 2345-7 is glucose in serum or plasma whatever the fasting state: a random (non-fasting)
    // interval; the fasting one is 1558-6's.
    [{ sex: 'any', ageFrom: adult, low: 70, high: 140, source: MAYO_RANDOM_GLUCOSE }],
    {
      // RCPath: ≤ 2.5 mmol/L (45 mg/dL); high ≥ 25 mmol/L (450 mg/dL).
      critical: allAges(45, 450, RCPATH),
      plausible: { low: 5, high: 3000 },
      unitConversions: [{ unit: 'mmol/L', factor: MG_PER_DL_PER_MMOL.glucose }],
    },
  ),
  numeric(
    '17861-6',
    'Calcium',
    serum,
    'mg/dL',
    1,
    15000,
    [{ sex: 'any', ageFrom: adult, low: 8.6, high: 10.3, source: MAYO }],
    {
      // Critical above 12.0 mg/dL: inclusive at the test's one decimal, ≥ 12.1.
      critical: allAges(6.5, 12.1, MAYO_CRITICAL),
      plausible: { low: 1, high: 30 },
      unitConversions: [{ unit: 'mmol/L', factor: MG_PER_DL_PER_MMOL.calcium }],
    },
  ),
  numeric(
    '1558-6',
    'Glucose, fasting, serum or plasma',
    serum,
    'mg/dL',
    0,
    10000,
    [{ sex: 'any', ageFrom: adult, low: 70, high: 99, source: ADA }],
    {
      critical: allAges(45, 450, RCPATH),
      plausible: { low: 5, high: 3000 },
      unitConversions: [{ unit: 'mmol/L', factor: MG_PER_DL_PER_MMOL.glucose }],
    },
  ),

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
    critical: [],
    unitConversions: [],
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
