/**
 * Allergy and drug classes a clinical review found missing (issue 16, item 10), each at its
 * source: BNF (sulfasalazine: "hypersensitivity to salicylates or sulfonamides"; NSAIDs: "history of
 * hypersensitivity to aspirin or any other NSAID", coxibs and nimesulide included), WHO ATC
 * (N01AH opioid anaesthetics), ISMP's list of high-alert medications in acute care settings (2024),
 * and BNF for Children (paediatric doses up to 18 years).
 */
import { describe, expect, it } from 'vitest';
import { findAllergyConflicts } from '../../../shared/clinical/allergy';
import { medicationRiskClasses } from '../../../shared/clinical/medication-risk';
import {
  combineRisk,
  PAEDIATRIC_DOSING_AGE_YEARS,
  prescriptionRiskFindings,
} from '../../../shared/modules/agent-actions/risk';

describe('allergy classes', () => {
  it.each([
    ['Sulfasalazine', undefined, 'Sulfa'],
    ['Sulfasalazine', undefined, 'Sulphonamide allergy'],
    ['Sulfasalazine', undefined, 'Salicylates'],
    ['Sulfasalazine', undefined, 'Aspirin - bronchospasm'],
    ['Salazopyrin', 'A07EC01', 'sulfonamides'],
    ['Mesalazine', 'A07EC02', 'salicylate'],
    ['Celecoxib', 'M01AH01', 'NSAIDs'],
    ['Etoricoxib', undefined, 'NSAID'],
    ['Parecoxib', undefined, 'Ibuprofen - angioedema'],
    ['Nimesulide', 'M01AX17', 'NSAIDs'],
    ['Nimesulide', undefined, 'non-steroidal anti-inflammatory'],
    ['Amoxicillin', 'J01CA04', 'PCN'],
    ['Amoxicillin', 'J01CA04', 'Pencillin'],
    ['Flucloxacillin', undefined, 'penicilin - rash'],
  ])('%s (%s) conflicts with a recorded "%s"', (name, code, allergy) => {
    expect(findAllergyConflicts({ name, code: code ?? null }, [allergy])).toEqual([allergy]);
  });

  it('does not read those allergies into unrelated drugs', () => {
    expect(findAllergyConflicts({ name: 'Paracetamol' }, ['Salicylates', 'PCN'])).toEqual([]);
    expect(findAllergyConflicts({ name: 'Furosemide' }, ['Sulfa', 'Salicylates'])).toEqual([]);
  });
});

describe('controlled and high-alert classes', () => {
  it.each([
    // [name, ATC, route, controlled, high-alert]
    ['Fentanyl', 'N01AH01', 'iv', ['opioid'], ['opioid']],
    ['Remifentanil', 'N01AH06', 'iv', ['opioid'], ['opioid']],
    ['Alteplase', 'B01AD02', 'iv', [], ['thrombolytic']],
    ['Tirofiban', 'B01AC17', 'iv', [], ['glycoprotein IIb/IIIa inhibitor']],
    ['Noradrenaline', 'C01CA03', 'iv', [], ['IV inotrope or vasopressor']],
    ['Dobutamine', 'C01CA07', 'iv', [], ['IV inotrope or vasopressor']],
    ['Milrinone', 'C01CE02', 'iv', [], ['IV inotrope or vasopressor']],
    ['Vasopressin', 'H01BA01', 'iv', [], ['IV inotrope or vasopressor']],
    ['Midodrine', 'C01CA17', 'oral', [], []],
    ['Potassium phosphate', 'B05XA06', 'iv', [], ['concentrated electrolyte']],
    ['Sodium chloride 3%', 'B05XA03', 'iv', [], ['concentrated electrolyte']],
    ['Oxytocin', 'H01BB02', 'iv', [], ['IV oxytocin']],
    ['Oxytocin', 'H01BB02', 'im', [], []],
    ['Propofol', 'N01AX10', 'iv', [], ['general anaesthetic']],
    ['Midazolam', 'N05CD08', 'iv', ['benzodiazepine or Z-drug'], ['IV moderate sedation']],
    ['Labetalol', 'C07AG01', 'iv', [], ['IV adrenergic antagonist']],
    ['Labetalol', 'C07AG01', 'oral', [], []],
    ['Epoprostenol', 'B01AC09', 'iv', [], ['epoprostenol']],
    ['Nitroprusside', 'C02DD01', 'iv', [], ['nitroprusside']],
  ] as const)('%s %s (%s)', (name, code, route, controlled, highAlert) => {
    const classes = medicationRiskClasses({ name, code }, route);
    expect(classes.controlled).toEqual(controlled);
    expect(classes.highAlert).toEqual(highAlert);
  });
});

describe('controlled and high-alert classes by name, without a code or against a wrong one', () => {
  // [name, code sent, route, controlled, high-alert]: WHO ATC index, ISMP acute care list (2024).
  it.each([
    ['Fentanyl', undefined, 'iv', ['opioid'], ['opioid']],
    ['Fentanyl citrate', undefined, 'iv', ['opioid'], ['opioid']],
    ['Fentanyl', 'A01AA01', 'oral', ['opioid'], ['opioid']],
    ['Fentanyl', undefined, 'transdermal', ['opioid'], ['opioid']],
    ['Remifentanil', undefined, 'iv', ['opioid'], ['opioid']],
    ['Morphine sulfate', undefined, 'oral', ['opioid'], ['opioid']],
    ['Methadone', undefined, 'oral', ['opioid'], []],
    ['Midazolam', undefined, 'iv', ['benzodiazepine or Z-drug'], ['IV moderate sedation']],
    ['Midazolam', undefined, 'oral', ['benzodiazepine or Z-drug'], []],
    ['Alteplase', undefined, 'iv', [], ['thrombolytic']],
    ['Warfarin', 'A01AA01', 'oral', [], ['anticoagulant']],
    ['Insulin glargine', undefined, 'sc', [], ['insulin']],
    ['Noradrenaline', undefined, 'iv', [], ['IV inotrope or vasopressor']],
    ['Norepinephrine', undefined, 'iv', [], ['IV inotrope or vasopressor']],
    ['Adrenaline', undefined, 'im', [], []],
    ['Dobutamine', undefined, 'iv', [], ['IV inotrope or vasopressor']],
    ['Potassium phosphate', undefined, 'iv', [], ['concentrated electrolyte']],
    ['Hypertonic saline', undefined, 'iv', [], ['concentrated electrolyte']],
    ['Sodium chloride 3%', undefined, 'iv', [], ['concentrated electrolyte']],
    ['Sodium chloride 0.9%', undefined, 'iv', [], []],
    ['Oxytocin', undefined, 'iv', [], ['IV oxytocin']],
    ['Oxytocin', undefined, 'im', [], []],
    ['F\u0435ntanyl', undefined, 'iv', ['opioid'], ['opioid']],
    ['Heparinoid', undefined, 'topical', [], []],
    ['Paracetamol', undefined, 'iv', [], []],
  ] as const)('%s sent with code %s (%s)', (name, code, route, controlled, highAlert) => {
    const classes = medicationRiskClasses({ name, code }, route);
    expect(classes.controlled).toEqual(controlled);
    expect(classes.highAlert).toEqual(highAlert);
  });
});

describe('paediatric doses (BNF for Children: up to 18 years)', () => {
  const level = (ageYears: number) =>
    combineRisk(
      prescriptionRiskFindings({
        allergyConflicts: [],
        controlled: [],
        highAlert: [],
        ageYears,
        route: 'oral',
        drugCode: 'N02BE01',
      }),
    ).risk;
  it('is under 18 for dosing', () => {
    expect(PAEDIATRIC_DOSING_AGE_YEARS).toBe(18);
    expect(level(16)).toBe('HIGH');
    expect(level(17)).toBe('HIGH');
    expect(level(18)).toBe('LOW');
  });
});
