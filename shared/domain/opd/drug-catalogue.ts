/**
 * A small catalogue of common OPD drugs for prescription suggestions and allergy checks.
 * Codes are WHO ATC codes (5th level = one substance, or one fixed combination). Aspirin is
 * listed under its antiplatelet code (B01AC06) because OPD use is mostly low-dose; the analgesic
 * code N02BA01 is the same substance.
 */
export interface CatalogueDrug {
  name: string;
  /** WHO ATC code. */
  atc: string;
  /** Other names the same product is prescribed under (INN vs BAN/USAN, combination names). */
  synonyms: readonly string[];
  strengths: readonly string[];
  forms: readonly string[];
}

const drug = (
  name: string,
  atc: string,
  strengths: readonly string[],
  forms: readonly string[],
  synonyms: readonly string[] = [],
): CatalogueDrug => Object.freeze({ name, atc, synonyms, strengths, forms });

export const DRUG_CATALOGUE: readonly CatalogueDrug[] = Object.freeze([
  // Antibacterials
  drug('Amoxicillin', 'J01CA04', ['250 mg', '500 mg', '125 mg/5 mL', '250 mg/5 mL'], ['capsule', 'oral suspension']),
  drug('Co-amoxiclav', 'J01CR02', ['250 mg/125 mg', '500 mg/125 mg'], ['tablet'], ['amoxicillin and clavulanic acid']),
  drug('Flucloxacillin', 'J01CF05', ['250 mg', '500 mg'], ['capsule']),
  drug('Phenoxymethylpenicillin', 'J01CE02', ['250 mg', '125 mg/5 mL', '250 mg/5 mL'], ['tablet', 'oral solution'], ['penicillin v']),
  drug('Benzylpenicillin', 'J01CE01', ['600 mg', '1.2 g'], ['powder for injection'], ['penicillin g']),
  drug('Cefalexin', 'J01DB01', ['250 mg', '500 mg', '125 mg/5 mL', '250 mg/5 mL'], ['capsule', 'oral suspension'], ['cephalexin']),
  drug('Cefuroxime', 'J01DC02', ['250 mg', '500 mg', '750 mg', '1.5 g'], ['tablet', 'powder for injection']),
  drug('Ceftriaxone', 'J01DD04', ['250 mg', '1 g', '2 g'], ['powder for injection']),
  drug('Azithromycin', 'J01FA10', ['250 mg', '500 mg', '200 mg/5 mL'], ['tablet', 'oral suspension']),
  drug('Clarithromycin', 'J01FA09', ['250 mg', '500 mg'], ['tablet']),
  drug('Doxycycline', 'J01AA02', ['100 mg'], ['capsule']),
  drug('Ciprofloxacin', 'J01MA02', ['250 mg', '500 mg', '750 mg'], ['tablet']),
  drug('Metronidazole', 'P01AB01', ['200 mg', '400 mg', '500 mg'], ['tablet']),
  drug('Co-trimoxazole', 'J01EE01', ['480 mg', '960 mg'], ['tablet'], ['sulfamethoxazole and trimethoprim']),
  drug('Nitrofurantoin', 'J01XE01', ['50 mg', '100 mg'], ['capsule']),
  // Analgesics and anti-inflammatories
  drug('Paracetamol', 'N02BE01', ['500 mg', '650 mg', '120 mg/5 mL', '250 mg/5 mL'], ['tablet', 'oral suspension'], ['acetaminophen']),
  drug('Ibuprofen', 'M01AE01', ['200 mg', '400 mg', '600 mg', '100 mg/5 mL'], ['tablet', 'oral suspension']),
  drug('Naproxen', 'M01AE02', ['250 mg', '500 mg'], ['tablet']),
  drug('Diclofenac', 'M01AB05', ['25 mg', '50 mg'], ['gastro-resistant tablet']),
  drug('Aspirin', 'B01AC06', ['75 mg'], ['dispersible tablet', 'gastro-resistant tablet'], ['acetylsalicylic acid']),
  drug('Tramadol', 'N02AX02', ['50 mg'], ['capsule']),
  // Gastrointestinal
  drug('Omeprazole', 'A02BC01', ['10 mg', '20 mg', '40 mg'], ['gastro-resistant capsule']),
  drug('Pantoprazole', 'A02BC02', ['20 mg', '40 mg'], ['gastro-resistant tablet']),
  drug('Ondansetron', 'A04AA01', ['4 mg', '8 mg'], ['tablet', 'orodispersible tablet']),
  drug('Metoclopramide', 'A03FA01', ['10 mg'], ['tablet']),
  // Diabetes and cardiovascular
  drug('Metformin', 'A10BA02', ['500 mg', '850 mg', '1000 mg'], ['tablet', 'prolonged-release tablet']),
  drug('Gliclazide', 'A10BB09', ['40 mg', '80 mg'], ['tablet']),
  drug('Amlodipine', 'C08CA01', ['2.5 mg', '5 mg', '10 mg'], ['tablet']),
  drug('Atenolol', 'C07AB03', ['25 mg', '50 mg', '100 mg'], ['tablet']),
  drug('Losartan', 'C09CA01', ['25 mg', '50 mg', '100 mg'], ['tablet']),
  drug('Ramipril', 'C09AA05', ['1.25 mg', '2.5 mg', '5 mg', '10 mg'], ['capsule']),
  drug('Atorvastatin', 'C10AA05', ['10 mg', '20 mg', '40 mg', '80 mg'], ['tablet']),
  drug('Furosemide', 'C03CA01', ['20 mg', '40 mg'], ['tablet'], ['frusemide']),
  drug('Clopidogrel', 'B01AC04', ['75 mg'], ['tablet']),
  // Respiratory, allergy, endocrine
  drug('Salbutamol', 'R03AC02', ['100 micrograms/dose'], ['pressurised inhaler'], ['albuterol']),
  drug('Cetirizine', 'R06AE07', ['10 mg'], ['tablet']),
  drug('Prednisolone', 'H02AB06', ['1 mg', '5 mg', '25 mg'], ['tablet']),
  drug('Levothyroxine', 'H03AA01', ['25 micrograms', '50 micrograms', '100 micrograms'], ['tablet'], ['levothyroxine sodium']),
]);

function normaliseName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Case-insensitive exact match on the name or a synonym ("acetaminophen" → Paracetamol). */
export function lookupDrug(name: string): CatalogueDrug | undefined {
  if (typeof name !== 'string') return undefined;
  const wanted = normaliseName(name);
  if (wanted === '') return undefined;
  return DRUG_CATALOGUE.find(
    (d) => normaliseName(d.name) === wanted || d.synonyms.some((s) => normaliseName(s) === wanted),
  );
}

export function lookupDrugByCode(code: string): CatalogueDrug | undefined {
  if (typeof code !== 'string') return undefined;
  const wanted = code.trim().toUpperCase();
  return DRUG_CATALOGUE.find((d) => d.atc === wanted);
}
