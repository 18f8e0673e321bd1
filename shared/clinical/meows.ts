/**
 * The Modified Early Obstetric Warning Score (MEOWS) for pregnant and postpartum patients, for
 * whom NEWS2 is withheld (clinical/pregnancy.ts): each observation is in the normal range, a
 * yellow (moderate) or a red (severe) trigger; one red or two yellows call for urgent medical
 * review. Thresholds of the CEMACH-recommended chart as validated by Singh S et al., "A
 * validation study of the CEMACH recommended modified early obstetric warning system (MEOWS)",
 * Anaesthesia 2012;67:12-18, https://doi.org/10.1111/j.1365-2044.2011.06896.x (Table 1). The
 * ranges are inclusive. The chart's neurological response is AVPU: new confusion (the C of
 * ACVPU) is not on it and is counted as a yellow, like "voice" (a local decision, documented).
 * The chart's pain score is not recorded with the vitals and is not scored. Tested at every
 * boundary (test/unit/clinical/meows.test.ts).
 */
export type MeowsColour = 'normal' | 'yellow' | 'red';

export interface MeowsReading {
  temperatureC?: number | null | undefined;
  systolic?: number | null | undefined;
  diastolic?: number | null | undefined;
  pulse?: number | null | undefined;
  respiratoryRate?: number | null | undefined;
  spo2?: number | null | undefined;
  consciousness?: 'A' | 'C' | 'V' | 'P' | 'U' | null | undefined;
}

export const MEOWS_SOURCE = {
  title:
    'Singh S, McGlennan A, England A, Simons R. A validation study of the CEMACH recommended modified early obstetric warning system (MEOWS). Anaesthesia 2012;67:12-18',
  url: 'https://doi.org/10.1111/j.1365-2044.2011.06896.x',
} as const;

const between = (v: number, lo: number, hi: number) => v >= lo && v <= hi;

/** Each parameter's colour (Table 1 of the source). */
export const MEOWS_PARAMETERS: Record<
  Exclude<keyof MeowsReading, 'consciousness'>,
  (v: number) => MeowsColour
> = {
  temperatureC: (v) => (v < 35 || v > 38 ? 'red' : between(v, 35, 36) ? 'yellow' : 'normal'),
  systolic: (v) =>
    v < 90 || v > 160 ? 'red' : between(v, 150, 160) || between(v, 90, 100) ? 'yellow' : 'normal',
  diastolic: (v) => (v > 100 ? 'red' : between(v, 90, 100) ? 'yellow' : 'normal'),
  pulse: (v) =>
    v < 40 || v > 120 ? 'red' : between(v, 100, 120) || between(v, 40, 50) ? 'yellow' : 'normal',
  respiratoryRate: (v) => (v < 10 || v > 30 ? 'red' : between(v, 21, 30) ? 'yellow' : 'normal'),
  spo2: (v) => (v < 95 ? 'red' : 'normal'),
};

const CONSCIOUSNESS: Record<NonNullable<MeowsReading['consciousness']>, MeowsColour> = {
  A: 'normal',
  C: 'yellow',
  V: 'yellow',
  P: 'red',
  U: 'red',
};

export interface MeowsResult {
  red: string[];
  yellow: string[];
  /** One red or two yellows: urgent medical review. */
  trigger: boolean;
  escalation: string;
}

/** The MEOWS of a reading: which parameters are red or yellow, and whether it triggers. */
export function meows(reading: MeowsReading): MeowsResult {
  const red: string[] = [];
  const yellow: string[] = [];
  for (const [name, colour] of Object.entries(MEOWS_PARAMETERS)) {
    const v = reading[name as keyof typeof MEOWS_PARAMETERS];
    if (typeof v !== 'number') continue;
    const c = colour(v);
    if (c === 'red') red.push(name);
    if (c === 'yellow') yellow.push(name);
  }
  if (reading.consciousness) {
    const c = CONSCIOUSNESS[reading.consciousness];
    if (c === 'red') red.push('consciousness');
    if (c === 'yellow') yellow.push('consciousness');
  }
  const trigger = red.length >= 1 || yellow.length >= 2;
  return {
    red,
    yellow,
    trigger,
    escalation: trigger
      ? 'Urgent review by the obstetric team (one red or two yellow triggers)'
      : 'Continue routine observations',
  };
}
