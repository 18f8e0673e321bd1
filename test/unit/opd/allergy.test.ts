import { describe, it, expect } from 'vitest';
import {
  DRUG_CATALOGUE,
  DRUG_CLASSES,
  findAllergyConflicts,
  lookupDrug,
  lookupDrugByCode,
} from '../../../shared/domain/opd/allergy';

describe('findAllergyConflicts: same drug', () => {
  it('matches case-insensitively on whole words', () => {
    expect(findAllergyConflicts({ name: 'Amoxicillin' }, ['amoxicillin'])).toEqual(['amoxicillin']);
    expect(findAllergyConflicts({ name: 'amoxicillin' }, ['AMOXICILLIN (rash, 2019)'])).toEqual(['AMOXICILLIN (rash, 2019)']);
    expect(findAllergyConflicts({ name: 'Amoxicillin trihydrate' }, ['Amoxicillin'])).toEqual(['Amoxicillin']);
    expect(findAllergyConflicts({ name: 'Paracetamol' }, ['paracetamol - hives'])).toEqual(['paracetamol - hives']);
  });

  it('does not match parts of words', () => {
    expect(findAllergyConflicts({ name: 'Ampicillin' }, ['amp', 'cillin', 'penicillinase'])).toEqual([]);
    expect(findAllergyConflicts({ name: 'Cetirizine' }, ['cetirizines'])).toEqual([]);
  });

  it('matches catalogue synonyms', () => {
    expect(findAllergyConflicts({ name: 'Acetaminophen' }, ['Paracetamol'])).toEqual(['Paracetamol']);
    expect(findAllergyConflicts({ name: 'Paracetamol' }, ['acetaminophen'])).toEqual(['acetaminophen']);
  });

  it('ignores unrelated allergies', () => {
    expect(findAllergyConflicts({ name: 'Paracetamol' }, ['Penicillin', 'NSAIDs', 'Latex', 'Peanuts', 'Sulfa'])).toEqual([]);
  });
});

describe('findAllergyConflicts: drug classes', () => {
  it.each(['amoxicillin', 'Ampicillin', 'piperacillin', 'Flucloxacillin', 'benzylpenicillin', 'Phenoxymethylpenicillin', 'Co-amoxiclav'])(
    'a penicillin allergy matches %s',
    (name) => {
      expect(findAllergyConflicts({ name }, ['Penicillin'])).toEqual(['Penicillin']);
      expect(findAllergyConflicts({ name }, ['penicillins - anaphylaxis'])).toEqual(['penicillins - anaphylaxis']);
    },
  );

  it.each(['Sulfamethoxazole', 'Co-trimoxazole', 'cotrimoxazole'])('a sulfa or sulfonamide allergy matches %s', (name) => {
    expect(findAllergyConflicts({ name }, ['Sulfa drugs'])).toEqual(['Sulfa drugs']);
    expect(findAllergyConflicts({ name }, ['sulfonamide'])).toEqual(['sulfonamide']);
    expect(findAllergyConflicts({ name }, ['Sulphonamides'])).toEqual(['Sulphonamides']);
  });

  it.each(['Ibuprofen', 'Naproxen', 'Diclofenac', 'Aspirin'])('an NSAID allergy matches %s', (name) => {
    expect(findAllergyConflicts({ name }, ['NSAID'])).toEqual(['NSAID']);
    expect(findAllergyConflicts({ name }, ['NSAIDs (bronchospasm)'])).toEqual(['NSAIDs (bronchospasm)']);
    expect(findAllergyConflicts({ name }, ['Non-steroidal anti-inflammatory drugs'])).toEqual(['Non-steroidal anti-inflammatory drugs']);
  });

  it.each(['Cefalexin', 'Cephalexin', 'Ceftriaxone', 'Cefuroxime'])('a cephalosporin allergy matches %s', (name) => {
    expect(findAllergyConflicts({ name }, ['Cephalosporins'])).toEqual(['Cephalosporins']);
  });

  it('treats aspirin and acetylsalicylic acid as the same drug', () => {
    expect(findAllergyConflicts({ name: 'Acetylsalicylic acid' }, ['Aspirin'])).toEqual(['Aspirin']);
    expect(findAllergyConflicts({ name: 'Aspirin' }, ['acetylsalicylic acid'])).toEqual(['acetylsalicylic acid']);
  });

  it('treats an allergy to one penicillin or NSAID as an allergy to the class', () => {
    expect(findAllergyConflicts({ name: 'Flucloxacillin' }, ['Amoxicillin'])).toEqual(['Amoxicillin']);
    expect(findAllergyConflicts({ name: 'Ibuprofen' }, ['Aspirin'])).toEqual(['Aspirin']);
    expect(findAllergyConflicts({ name: 'Naproxen' }, ['ibuprofen'])).toEqual(['ibuprofen']);
  });

  it('uses the ATC code when the name is a brand', () => {
    expect(findAllergyConflicts({ name: 'Augmentin', code: 'J01CR02' }, ['Penicillin'])).toEqual(['Penicillin']);
    expect(findAllergyConflicts({ name: 'Brufen', code: 'm01ae01' }, ['NSAIDs'])).toEqual(['NSAIDs']);
    expect(findAllergyConflicts({ name: 'Rocephin', code: 'J01DD04' }, ['cephalosporin'])).toEqual(['cephalosporin']);
    expect(findAllergyConflicts({ name: 'Septrin', code: 'J01EE01' }, ['sulfa'])).toEqual(['sulfa']);
    // Without a code a brand name cannot be recognised.
    expect(findAllergyConflicts({ name: 'Augmentin' }, ['Penicillin'])).toEqual([]);
  });

  it('does not flag cross-class or non-member drugs', () => {
    expect(findAllergyConflicts({ name: 'Ceftriaxone' }, ['Penicillin'])).toEqual([]);
    expect(findAllergyConflicts({ name: 'Amoxicillin' }, ['Cephalosporins'])).toEqual([]);
    expect(findAllergyConflicts({ name: 'Paracetamol' }, ['NSAIDs'])).toEqual([]);
    expect(findAllergyConflicts({ name: 'Trimethoprim', code: 'J01EA01' }, ['Sulfa'])).toEqual([]);
    expect(findAllergyConflicts({ name: 'Furosemide' }, ['Sulfonamides'])).toEqual([]);
    expect(findAllergyConflicts({ name: 'Clopidogrel' }, ['Aspirin'])).toEqual([]);
  });
});

describe('findAllergyConflicts: result', () => {
  it('returns matching allergies as recorded, in order, without duplicates', () => {
    const allergies = ['Latex', 'Penicillin', 'amoxicillin', 'Penicillin', '', '   ', 'Peanuts'];
    expect(findAllergyConflicts({ name: 'Amoxicillin' }, allergies)).toEqual(['Penicillin', 'amoxicillin']);
  });

  it('returns nothing without allergies', () => {
    expect(findAllergyConflicts({ name: 'Amoxicillin' }, [])).toEqual([]);
  });

  it('declares each class once, with members in lower case', () => {
    const ids = DRUG_CLASSES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['penicillin', 'cephalosporin', 'sulfonamide', 'nsaid', 'aspirin']));
    for (const c of DRUG_CLASSES) {
      for (const word of [...c.members, ...c.allergyTerms]) expect(word).toBe(word.toLowerCase());
    }
  });
});

describe('DRUG_CATALOGUE', () => {
  it('holds about 30 drugs with unique names and valid ATC codes', () => {
    expect(DRUG_CATALOGUE.length).toBeGreaterThanOrEqual(30);
    const names = DRUG_CATALOGUE.map((d) => d.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    const codes = DRUG_CATALOGUE.map((d) => d.atc);
    expect(new Set(codes).size).toBe(codes.length);
    for (const drug of DRUG_CATALOGUE) {
      expect(drug.atc).toMatch(/^[A-Z]\d{2}[A-Z]{2}\d{2}$/);
      expect(drug.strengths.length).toBeGreaterThan(0);
      expect(drug.forms.length).toBeGreaterThan(0);
    }
  });

  it.each([
    ['Amoxicillin', 'J01CA04'],
    ['Co-amoxiclav', 'J01CR02'],
    ['Flucloxacillin', 'J01CF05'],
    ['Cefalexin', 'J01DB01'],
    ['Ceftriaxone', 'J01DD04'],
    ['Azithromycin', 'J01FA10'],
    ['Ciprofloxacin', 'J01MA02'],
    ['Co-trimoxazole', 'J01EE01'],
    ['Paracetamol', 'N02BE01'],
    ['Ibuprofen', 'M01AE01'],
    ['Diclofenac', 'M01AB05'],
    ['Aspirin', 'B01AC06'],
    ['Omeprazole', 'A02BC01'],
    ['Metformin', 'A10BA02'],
    ['Amlodipine', 'C08CA01'],
    ['Atorvastatin', 'C10AA05'],
    ['Salbutamol', 'R03AC02'],
    ['Levothyroxine', 'H03AA01'],
  ])('codes %s as %s', (name, atc) => {
    expect(lookupDrug(name)?.atc).toBe(atc);
  });
});

describe('lookupDrug', () => {
  it('matches the exact name case-insensitively, ignoring surrounding space', () => {
    expect(lookupDrug('amoxicillin')?.name).toBe('Amoxicillin');
    expect(lookupDrug('  PARACETAMOL ')?.name).toBe('Paracetamol');
    expect(lookupDrug('co-amoxiclav')?.atc).toBe('J01CR02');
  });

  it('matches synonyms exactly', () => {
    expect(lookupDrug('Acetaminophen')?.name).toBe('Paracetamol');
    expect(lookupDrug('albuterol')?.name).toBe('Salbutamol');
    expect(lookupDrug('acetylsalicylic acid')?.name).toBe('Aspirin');
  });

  it('does not match partial or unknown names', () => {
    expect(lookupDrug('amox')).toBeUndefined();
    expect(lookupDrug('Amoxicillin 500 mg')).toBeUndefined();
    expect(lookupDrug('')).toBeUndefined();
    expect(lookupDrug('Unobtainium')).toBeUndefined();
  });

  it('finds by ATC code', () => {
    expect(lookupDrugByCode('n02be01')?.name).toBe('Paracetamol');
    expect(lookupDrugByCode('X99XX99')).toBeUndefined();
  });
});
