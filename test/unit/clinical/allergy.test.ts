import { describe, expect, it } from 'vitest';
import {
  CROSS_SENSITIVITIES,
  DRUG_CATALOGUE,
  DRUG_CLASSES,
  findAllergyConflicts,
  lookupDrug,
  lookupDrugByCode,
  screenAllergies,
} from '../../../shared/clinical/allergy';

describe('findAllergyConflicts: same drug', () => {
  it('matches case-insensitively on whole words', () => {
    expect(findAllergyConflicts({ name: 'Amoxicillin' }, ['amoxicillin'])).toEqual(['amoxicillin']);
    expect(findAllergyConflicts({ name: 'amoxicillin' }, ['AMOXICILLIN (rash, 2019)'])).toEqual([
      'AMOXICILLIN (rash, 2019)',
    ]);
    expect(findAllergyConflicts({ name: 'Amoxicillin trihydrate' }, ['Amoxicillin'])).toEqual([
      'Amoxicillin',
    ]);
    expect(findAllergyConflicts({ name: 'Paracetamol' }, ['paracetamol - hives'])).toEqual([
      'paracetamol - hives',
    ]);
  });

  it('does not match parts of words', () => {
    expect(
      findAllergyConflicts({ name: 'Ampicillin' }, ['amp', 'cillin', 'penicillinase']),
    ).toEqual([]);
    expect(findAllergyConflicts({ name: 'Cetirizine' }, ['cetirizines'])).toEqual([]);
  });

  it('matches catalogue synonyms', () => {
    expect(findAllergyConflicts({ name: 'Acetaminophen' }, ['Paracetamol'])).toEqual([
      'Paracetamol',
    ]);
    expect(findAllergyConflicts({ name: 'Paracetamol' }, ['acetaminophen'])).toEqual([
      'acetaminophen',
    ]);
  });

  it('ignores unrelated allergies', () => {
    expect(
      findAllergyConflicts({ name: 'Paracetamol' }, [
        'Penicillin',
        'NSAIDs',
        'Latex',
        'Peanuts',
        'Sulfa',
      ]),
    ).toEqual([]);
  });
});

describe('findAllergyConflicts: drug classes', () => {
  it.each([
    'amoxicillin',
    'Ampicillin',
    'piperacillin',
    'Flucloxacillin',
    'benzylpenicillin',
    'Phenoxymethylpenicillin',
    'Co-amoxiclav',
  ])('a penicillin allergy matches %s', (name) => {
    expect(findAllergyConflicts({ name }, ['Penicillin'])).toEqual(['Penicillin']);
    expect(findAllergyConflicts({ name }, ['penicillins - anaphylaxis'])).toEqual([
      'penicillins - anaphylaxis',
    ]);
  });

  it.each(['Sulfamethoxazole', 'Co-trimoxazole', 'cotrimoxazole'])(
    'a sulfa or sulfonamide allergy matches %s',
    (name) => {
      expect(findAllergyConflicts({ name }, ['Sulfa drugs'])).toEqual(['Sulfa drugs']);
      expect(findAllergyConflicts({ name }, ['sulfonamide'])).toEqual(['sulfonamide']);
      expect(findAllergyConflicts({ name }, ['Sulphonamides'])).toEqual(['Sulphonamides']);
    },
  );

  it.each(['Ibuprofen', 'Naproxen', 'Diclofenac', 'Aspirin'])(
    'an NSAID allergy matches %s',
    (name) => {
      expect(findAllergyConflicts({ name }, ['NSAID'])).toEqual(['NSAID']);
      expect(findAllergyConflicts({ name }, ['NSAIDs (bronchospasm)'])).toEqual([
        'NSAIDs (bronchospasm)',
      ]);
      expect(findAllergyConflicts({ name }, ['Non-steroidal anti-inflammatory drugs'])).toEqual([
        'Non-steroidal anti-inflammatory drugs',
      ]);
    },
  );

  it.each(['Cefalexin', 'Cephalexin', 'Ceftriaxone', 'Cefuroxime'])(
    'a cephalosporin allergy matches %s',
    (name) => {
      expect(findAllergyConflicts({ name }, ['Cephalosporins'])).toEqual(['Cephalosporins']);
    },
  );

  it('treats aspirin and acetylsalicylic acid as the same drug', () => {
    expect(findAllergyConflicts({ name: 'Acetylsalicylic acid' }, ['Aspirin'])).toEqual([
      'Aspirin',
    ]);
    expect(findAllergyConflicts({ name: 'Aspirin' }, ['acetylsalicylic acid'])).toEqual([
      'acetylsalicylic acid',
    ]);
  });

  it('treats an allergy to one penicillin or NSAID as an allergy to the class', () => {
    expect(findAllergyConflicts({ name: 'Flucloxacillin' }, ['Amoxicillin'])).toEqual([
      'Amoxicillin',
    ]);
    expect(findAllergyConflicts({ name: 'Ibuprofen' }, ['Aspirin'])).toEqual(['Aspirin']);
    expect(findAllergyConflicts({ name: 'Naproxen' }, ['ibuprofen'])).toEqual(['ibuprofen']);
  });

  it('uses the ATC code when the name is a brand', () => {
    expect(findAllergyConflicts({ name: 'Augmentin', code: 'J01CR02' }, ['Penicillin'])).toEqual([
      'Penicillin',
    ]);
    expect(findAllergyConflicts({ name: 'Brufen', code: 'm01ae01' }, ['NSAIDs'])).toEqual([
      'NSAIDs',
    ]);
    expect(findAllergyConflicts({ name: 'Rocephin', code: 'J01DD04' }, ['cephalosporin'])).toEqual([
      'cephalosporin',
    ]);
    expect(findAllergyConflicts({ name: 'Septrin', code: 'J01EE01' }, ['sulfa'])).toEqual([
      'sulfa',
    ]);
    // An unknown brand with a code is screened by the code's class.
    expect(findAllergyConflicts({ name: 'Moxikind', code: 'J01CA04' }, ['Penicillin'])).toEqual([
      'Penicillin',
    ]);
  });

  it('recognises common brands without a code', () => {
    expect(findAllergyConflicts({ name: 'Augmentin' }, ['Penicillin - anaphylaxis'])).toEqual([
      'Penicillin - anaphylaxis',
    ]);
    expect(findAllergyConflicts({ name: 'Augmentin' }, ['amoxicillin'])).toEqual(['amoxicillin']);
    expect(findAllergyConflicts({ name: 'Brufen' }, ['NSAIDs'])).toEqual(['NSAIDs']);
    expect(findAllergyConflicts({ name: 'Calpol' }, ['paracetamol'])).toEqual(['paracetamol']);
    expect(findAllergyConflicts({ name: 'Paracetamol' }, ['Calpol - rash'])).toEqual([
      'Calpol - rash',
    ]);
  });

  it('screens both the name and the code when they disagree', () => {
    expect(
      findAllergyConflicts({ name: 'Paracetamol', code: 'J01CA04' }, [
        'Penicillin',
        'acetaminophen',
      ]),
    ).toEqual(['Penicillin', 'acetaminophen']);
  });

  it('does not flag non-member drugs', () => {
    expect(findAllergyConflicts({ name: 'Paracetamol' }, ['NSAIDs'])).toEqual([]);
    expect(findAllergyConflicts({ name: 'Trimethoprim', code: 'J01EA01' }, ['Sulfa'])).toEqual([]);
    expect(findAllergyConflicts({ name: 'Furosemide' }, ['Sulfonamides'])).toEqual([]);
    expect(findAllergyConflicts({ name: 'Clopidogrel' }, ['Aspirin'])).toEqual([]);
  });
});

const PENICILLIN_MEMBERS = [
  'Benzylpenicillin',
  'Penicillin G',
  'Procaine penicillin',
  'Benzathine benzylpenicillin',
  'Phenoxymethylpenicillin',
  'Penicillin V',
  'Amoxicillin',
  'Amoxycillin',
  'Ampicillin',
  'Co-amoxiclav',
  'Amoxicillin-clavulanate',
  'Amoxicillin/clavulanic acid',
  'Augmentin',
  'Co-fluampicil',
  'Magnapen',
  'Flucloxacillin',
  'Cloxacillin',
  'Dicloxacillin',
  'Oxacillin',
  'Nafcillin',
  'Piperacillin',
  'Piperacillin-tazobactam',
  'Tazocin',
  'Ticarcillin',
  'Timentin',
  'Temocillin',
  'Pivmecillinam',
  'Mecillinam',
  'Amoxil',
];

describe('findAllergyConflicts: the penicillin class (BNF, ATC J01C)', () => {
  it.each(PENICILLIN_MEMBERS)('"Penicillin - anaphylaxis" matches %s directly', (name) => {
    expect(screenAllergies({ name }, ['Penicillin - anaphylaxis'])).toEqual([
      { allergy: 'Penicillin - anaphylaxis', kind: 'direct', label: 'Penicillin - anaphylaxis' },
    ]);
  });

  it.each(PENICILLIN_MEMBERS)(
    'an allergy recorded as %s is a penicillin allergy (amoxicillin flagged)',
    (allergy) => {
      expect(findAllergyConflicts({ name: 'Amoxicillin' }, [allergy])).toEqual([allergy]);
    },
  );

  it.each([
    ['J01CE01', 'Bicillin'],
    ['J01CF02', 'Orbenin'],
    ['J01CR05', 'Zosyn'],
    ['J01CA12', 'Pipril'],
    ['J01CA08', 'Selexid'],
  ])('matches any J01C code (%s %s)', (code, name) => {
    expect(findAllergyConflicts({ name, code }, ['penicillin'])).toEqual(['penicillin']);
  });

  it.each([
    'Paracetamol',
    'Azithromycin',
    'Clarithromycin',
    'Doxycycline',
    'Ciprofloxacin',
    'Metronidazole',
    'Co-trimoxazole',
    'Nitrofurantoin',
    'Ibuprofen',
  ])('does not flag %s for a penicillin allergy', (name) => {
    expect(
      findAllergyConflicts({ name }, ['Penicillin - anaphylaxis', 'amoxicillin (rash)']),
    ).toEqual([]);
  });
});

describe('findAllergyConflicts: beta-lactam cross-sensitivity (BNF)', () => {
  it.each([
    ['Ceftriaxone', undefined, 'cephalosporin'],
    ['Cefalexin', undefined, 'cephalosporin'],
    ['Cefuroxime', undefined, 'cephalosporin'],
    ['Cefixime', undefined, 'cephalosporin'],
    ['Ceftazidime', undefined, 'cephalosporin'],
    ['Rocephin', 'J01DD04', 'cephalosporin'],
    ['Cefepime', 'J01DE01', 'cephalosporin'],
    ['Meropenem', undefined, 'carbapenem'],
    ['Imipenem with cilastatin', undefined, 'carbapenem'],
    ['Ertapenem', undefined, 'carbapenem'],
    ['Invanz', 'J01DH03', 'carbapenem'],
    ['Faropenem', undefined, 'carbapenem'],
  ])(
    'a penicillin allergy flags %s as cross-sensitivity with the %s class',
    (name, code, drugClass) => {
      for (const allergy of ['Penicillin - anaphylaxis', 'amoxicillin', 'Augmentin (hives)']) {
        expect(screenAllergies({ name, code }, [allergy])).toEqual([
          {
            allergy,
            kind: 'cross-sensitivity',
            drugClass,
            label: `${allergy} (cross-sensitivity: ${drugClass})`,
          },
        ]);
      }
    },
  );

  it.each([
    ['Amoxicillin', 'Cephalosporins', 'penicillin'],
    ['Co-amoxiclav', 'ceftriaxone - rash', 'penicillin'],
    ['Flucloxacillin', 'Cefalexin', 'penicillin'],
    ['Meropenem', 'Cephalosporin', 'carbapenem'],
    ['Amoxicillin', 'Meropenem', 'penicillin'],
    ['Ceftriaxone', 'carbapenems', 'cephalosporin'],
  ])('%s with a recorded %s allergy is cross-sensitivity (%s)', (name, allergy, drugClass) => {
    expect(screenAllergies({ name }, [allergy])).toEqual([
      {
        allergy,
        kind: 'cross-sensitivity',
        drugClass,
        label: `${allergy} (cross-sensitivity: ${drugClass})`,
      },
    ]);
  });

  it('does not flag aztreonam for penicillin, cephalosporin or carbapenem allergies, except ceftazidime', () => {
    expect(
      findAllergyConflicts({ name: 'Aztreonam' }, [
        'Penicillin - anaphylaxis',
        'Cephalosporins',
        'ceftriaxone',
        'meropenem',
      ]),
    ).toEqual([]);
    expect(
      findAllergyConflicts({ name: 'Azactam', code: 'J01DF01' }, ['Penicillin - anaphylaxis']),
    ).toEqual([]);
    // Identical side chain.
    expect(screenAllergies({ name: 'Aztreonam' }, ['Ceftazidime - anaphylaxis'])).toEqual([
      {
        allergy: 'Ceftazidime - anaphylaxis',
        kind: 'cross-sensitivity',
        drugClass: 'monobactam',
        label: 'Ceftazidime - anaphylaxis (cross-sensitivity: monobactam)',
      },
    ]);
    expect(screenAllergies({ name: 'Ceftazidime' }, ['aztreonam'])).toEqual([
      {
        allergy: 'aztreonam',
        kind: 'cross-sensitivity',
        drugClass: 'ceftazidime',
        label: 'aztreonam (cross-sensitivity: ceftazidime)',
      },
    ]);
    expect(findAllergyConflicts({ name: 'Ceftriaxone' }, ['aztreonam'])).toEqual([]);
  });

  it('treats a beta-lactam allergy as naming every beta-lactam class', () => {
    for (const name of ['Amoxicillin', 'Ceftriaxone', 'Meropenem', 'Aztreonam']) {
      for (const allergy of ['Beta-lactams', 'beta lactam antibiotics', 'β-lactam (anaphylaxis)']) {
        expect(screenAllergies({ name }, [allergy])).toEqual([
          { allergy, kind: 'direct', label: allergy },
        ]);
      }
    }
    expect(findAllergyConflicts({ name: 'Azithromycin' }, ['beta-lactams'])).toEqual([]);
  });

  it('reports a direct match over a cross-sensitivity for the same allergy, and both kinds together', () => {
    expect(screenAllergies({ name: 'Ceftriaxone' }, ['Penicillin and cephalosporin'])).toEqual([
      {
        allergy: 'Penicillin and cephalosporin',
        kind: 'direct',
        label: 'Penicillin and cephalosporin',
      },
    ]);
    expect(
      findAllergyConflicts({ name: 'Ceftriaxone' }, ['Penicillin', 'Rocephin', 'Latex']),
    ).toEqual(['Penicillin (cross-sensitivity: cephalosporin)', 'Rocephin']);
  });

  it('has no cross-sensitivity outside the beta-lactams', () => {
    expect(
      findAllergyConflicts({ name: 'Co-trimoxazole' }, ['Penicillin', 'Cephalosporins']),
    ).toEqual([]);
    expect(findAllergyConflicts({ name: 'Ceftriaxone' }, ['Sulfa', 'NSAIDs', 'Aspirin'])).toEqual(
      [],
    );
    const ids = new Set(['penicillin', 'cephalosporin', 'carbapenem', 'monobactam', 'ceftazidime']);
    for (const rule of CROSS_SENSITIVITIES) {
      expect(ids.has(rule.allergy.id) && ids.has(rule.drug.id)).toBe(true);
    }
  });
});

describe('findAllergyConflicts: result', () => {
  it('returns matching allergies as recorded, in order, without duplicates', () => {
    const allergies = ['Latex', 'Penicillin', 'amoxicillin', 'Penicillin', '', '   ', 'Peanuts'];
    expect(findAllergyConflicts({ name: 'Amoxicillin' }, allergies)).toEqual([
      'Penicillin',
      'amoxicillin',
    ]);
  });

  it('returns nothing without allergies', () => {
    expect(findAllergyConflicts({ name: 'Amoxicillin' }, [])).toEqual([]);
  });

  it('declares each class once, with members in lower case', () => {
    const ids = DRUG_CLASSES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        'penicillin',
        'cephalosporin',
        'carbapenem',
        'monobactam',
        'sulfonamide',
        'nsaid',
        'aspirin',
      ]),
    );
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

  it('never gives one name or synonym to two drugs', () => {
    const all = DRUG_CATALOGUE.flatMap((d) => [d.name, ...d.synonyms].map((n) => n.toLowerCase()));
    expect(all.filter((n, i) => all.indexOf(n) !== i)).toEqual([]);
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

  it('matches synonyms and brands exactly', () => {
    expect(lookupDrug('Augmentin')?.name).toBe('Co-amoxiclav');
    expect(lookupDrug('amoxicillin-clavulanate')?.name).toBe('Co-amoxiclav');
    expect(lookupDrug('Rocephin')?.name).toBe('Ceftriaxone');
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
