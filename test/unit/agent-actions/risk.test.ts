import { describe, expect, it } from 'vitest';
import { medicationRiskClasses } from '../../../shared/clinical/medication-risk';
import { nearMatchRiskFindings } from '../../../shared/modules/agent-actions/near-match-risk';
import {
  admissionRiskFindings,
  combineRisk,
  dischargeRiskFindings,
  orderPriorityFindings,
  prescriptionRiskFindings,
  radiologyRiskFindings,
} from '../../../shared/modules/agent-actions/risk';

const adult: Parameters<typeof prescriptionRiskFindings>[0] = {
  allergyConflicts: [],
  controlled: [],
  highAlert: [],
  ageYears: 40,
  route: 'oral',
  drugCode: 'N02BE01',
};
const risk = (
  facts: Partial<typeof adult> & {
    allergyConflicts?: string[];
    controlled?: string[];
    highAlert?: string[];
  },
) => combineRisk(prescriptionRiskFindings({ ...adult, ...facts }));

describe('medication classes by ATC code', () => {
  it.each([
    ['Tramadol', undefined, ['opioid'], ['opioid']],
    ['Morphine', 'N02AA01', ['opioid'], ['opioid']],
    ['Diazepam', 'N05BA01', ['benzodiazepine or Z-drug'], []],
    ['Warfarin', 'B01AA03', [], ['anticoagulant']],
    ['Insulin glargine', 'A10AE04', [], ['insulin']],
    ['Gliclazide', undefined, [], ['sulfonylurea']],
    ['Paracetamol', undefined, [], []],
    ['Unknown Remedy', undefined, [], []],
  ])('%s (%s)', (name, code, controlled, highAlert) => {
    const classes = medicationRiskClasses({ name, code: code ?? null });
    expect(classes.controlled).toEqual(controlled);
    expect(classes.highAlert).toEqual(highAlert);
  });
});

describe('prescription risk', () => {
  it('is written out per rule', () => {
    const cases: [string, Parameters<typeof risk>[0], string][] = [
      ['plain oral adult dose', {}, 'LOW'],
      ['parenteral route', { route: 'iv' }, 'MEDIUM'],
      ['drug the catalogue cannot class', { drugCode: null }, 'MEDIUM'],
      ['controlled drug', { controlled: ['opioid'] }, 'HIGH'],
      ['high-alert drug', { highAlert: ['anticoagulant'] }, 'HIGH'],
      ['paediatric dose', { ageYears: 8 }, 'HIGH'],
      ['15-year-old is still paediatric', { ageYears: 15 }, 'HIGH'],
      // BNF for Children doses run to 18 (issue 16): a 16- or 17-year-old's dose is paediatric.
      ['17-year-old is still paediatric', { ageYears: 17 }, 'HIGH'],
      ['18-year-old is not', { ageYears: 18 }, 'LOW'],
      ['high-alert drug for a child', { ageYears: 8, highAlert: ['insulin'] }, 'CRITICAL'],
      ['allergy override', { allergyConflicts: ['Penicillin'] }, 'CRITICAL'],
    ];
    for (const [what, facts, level] of cases) expect(risk(facts).risk, what).toBe(level);
  });

  it('lists every reason, riskiest first', () => {
    expect(risk({ route: 'im', controlled: ['opioid'], highAlert: ['opioid'] }).reasons).toEqual([
      'HIGH: controlled drug (opioid)',
      'HIGH: high-alert medication (opioid)',
      'MEDIUM: parenteral route (im)',
    ]);
    expect(combineRisk([])).toEqual({ risk: 'LOW', reasons: [] });
  });
});

describe('a drug the catalogue does not know', () => {
  const rate = (name: string, allergies: string[] = [], ageYears = 40) =>
    combineRisk([
      ...prescriptionRiskFindings({ ...adult, drugCode: null, ageYears }),
      ...nearMatchRiskFindings({ name, allergies, ageYears, route: 'oral' }),
    ]);

  it('is rated no lower than the catalogue drug it is nearest to', () => {
    // Misspelt amoxicillin for a penicillin-allergic patient: screened as amoxicillin, CRITICAL.
    expect(rate('Amoxicilin', ['Penicillin'])).toEqual({
      risk: 'CRITICAL',
      reasons: [
        'CRITICAL: nearest catalogue drug Amoxicillin: overrides a recorded allergy (Penicillin)',
        'MEDIUM: drug not in the catalogue and no ATC code given: its class cannot be checked',
      ],
    });
    expect(rate('Amoxycilin', ['penicillins']).risk).toBe('CRITICAL');
    // Misspelt tramadol: controlled and high-alert, as tramadol.
    expect(rate('Tramadole').risk).toBe('HIGH');
    expect(rate('Tramadole').reasons[0]).toBe(
      'HIGH: nearest catalogue drug Tramadol: controlled drug (opioid)',
    );
    // Near nothing in the catalogue: only "cannot be classed".
    expect(rate('Zyxomab', ['Penicillin']).risk).toBe('MEDIUM');
    // A known drug adds nothing here (its own findings are prescriptionRiskFindings').
    expect(
      nearMatchRiskFindings({
        name: 'Amoxicillin',
        allergies: ['Penicillin'],
        ageYears: 40,
        route: 'oral',
      }),
    ).toEqual([]);
  });
});

describe('admission, discharge and order risk', () => {
  const level = (findings: Parameters<typeof combineRisk>[0]) => combineRisk(findings).risk;
  it('is written out per rule', () => {
    expect(level(admissionRiskFindings({ source: 'opd', ageYears: 40 }))).toBe('MEDIUM');
    expect(level(admissionRiskFindings({ source: 'emergency', ageYears: 40 }))).toBe('HIGH');
    expect(level(admissionRiskFindings({ source: 'direct', ageYears: 9 }))).toBe('HIGH');
    expect(level(dischargeRiskFindings({ disposition: 'home', riskyMedications: [] }))).toBe(
      'MEDIUM',
    );
    expect(
      level(dischargeRiskFindings({ disposition: 'against-medical-advice', riskyMedications: [] })),
    ).toBe('HIGH');
    expect(
      level(dischargeRiskFindings({ disposition: 'home', riskyMedications: ['Warfarin'] })),
    ).toBe('HIGH');
    expect(level(dischargeRiskFindings({ disposition: 'deceased', riskyMedications: [] }))).toBe(
      'CRITICAL',
    );
    expect(level(orderPriorityFindings('routine'))).toBe('LOW');
    expect(level(orderPriorityFindings('urgent'))).toBe('MEDIUM');
    expect(level(orderPriorityFindings('stat'))).toBe('HIGH');
    expect(level(radiologyRiskFindings({ priority: 'routine', safety: {} }))).toBe('LOW');
    expect(level(radiologyRiskFindings({ priority: 'routine', safety: { egfr: 29 } }))).toBe(
      'HIGH',
    );
    expect(
      level(radiologyRiskFindings({ priority: 'routine', safety: { egfr: 30, pregnant: 'no' } })),
    ).toBe('LOW');
    expect(level(radiologyRiskFindings({ priority: 'urgent', safety: { implant: 'yes' } }))).toBe(
      'HIGH',
    );
  });
});
