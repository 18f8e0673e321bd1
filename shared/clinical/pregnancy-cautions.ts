/**
 * Drugs to avoid in pregnancy, each with the published source that says so: `contraindicated`
 * (a critical card: teratogenic or fetotoxic, a pregnancy prevention programme) or `avoid` (a
 * warning: a risk at some stage of pregnancy). Matched by WHO ATC code or name like the
 * interaction table (clinical/interactions.ts), so a brand is its generic. Fed by the patient's
 * recorded pregnancy status (clinical/pregnancy.ts, recorded on the admission). Lactation is not
 * covered: a postpartum status does not say whether the patient breastfeeds.
 */
import { type DrugRef, drugIsOn, type InteractionSide } from './interactions';

export interface PregnancyCaution {
  id: string;
  drugs: InteractionSide;
  severity: 'contraindicated' | 'avoid';
  risk: string;
  advice: string;
  source: { title: string; url: string };
}

const drugs = (label: string, atc: string[], names: string[]): InteractionSide => ({
  label,
  atc,
  names,
});

export const PREGNANCY_CAUTIONS: readonly PregnancyCaution[] = [
  {
    id: 'warfarin',
    drugs: drugs('warfarin', ['B01AA03'], ['warfarin', 'coumadin', 'marevan']),
    severity: 'contraindicated',
    risk: 'coumarin embryopathy (first trimester) and fetal and neonatal haemorrhage',
    advice:
      'use a low molecular weight heparin instead; seek specialist advice for a mechanical heart valve',
    source: {
      title: 'COUMADIN (warfarin) US FDA label, section 4 Contraindications (pregnancy) and 8.1',
      url: 'https://dailymed.nlm.nih.gov/dailymed/search.cfm?query=warfarin',
    },
  },
  {
    id: 'isotretinoin',
    drugs: drugs(
      'isotretinoin',
      ['D10BA01', 'D10AD04'],
      ['isotretinoin', 'roaccutane', 'accutane'],
    ),
    severity: 'contraindicated',
    risk: 'severe birth defects (retinoid embryopathy)',
    advice: 'do not give; the isotretinoin pregnancy prevention programme applies',
    source: {
      title:
        'MHRA Drug Safety Update, Isotretinoin: pregnancy prevention programme and new safety measures (2020)',
      url: 'https://www.gov.uk/drug-safety-update/isotretinoin-roaccutane-introduction-of-new-safety-measures-including-the-results-of-the-mhra-review-of-psychiatric-and-sexual-side-effects',
    },
  },
  {
    id: 'valproate',
    drugs: drugs(
      'valproate',
      ['N03AG01'],
      ['valproate', 'sodium valproate', 'valproic acid', 'epilim', 'depakote'],
    ),
    severity: 'contraindicated',
    risk: 'major congenital malformations (about 1 in 10) and neurodevelopmental disorders (up to 4 in 10)',
    advice:
      'do not give unless there is no suitable alternative and specialist advice; valproate pregnancy prevention programme',
    source: {
      title: 'MHRA Drug Safety Update, Valproate use by women and girls (2018, updated 2024)',
      url: 'https://www.gov.uk/guidance/valproate-use-by-women-and-girls',
    },
  },
  {
    id: 'methotrexate',
    drugs: drugs('methotrexate', ['L01BA01', 'L04AX03'], ['methotrexate']),
    severity: 'contraindicated',
    risk: 'embryo-fetal toxicity and fetal death',
    advice: 'do not give in pregnancy for a non-malignant condition',
    source: {
      title: 'Methotrexate US FDA label, boxed warning: embryo-fetal toxicity',
      url: 'https://dailymed.nlm.nih.gov/dailymed/search.cfm?query=methotrexate',
    },
  },
  {
    id: 'raas-blockers',
    drugs: drugs(
      'an ACE inhibitor or angiotensin II receptor blocker',
      ['C09AA01', 'C09AA02', 'C09AA03', 'C09AA04', 'C09AA05', 'C09CA01', 'C09CA03', 'C09CA06'],
      [
        'captopril',
        'enalapril',
        'lisinopril',
        'perindopril',
        'ramipril',
        'losartan',
        'valsartan',
        'candesartan',
      ],
    ),
    severity: 'contraindicated',
    risk: 'fetal toxicity: renal failure, oligohydramnios, skull hypoplasia and death in the second and third trimesters',
    advice:
      'stop as soon as pregnancy is detected; choose another antihypertensive (e.g. labetalol, nifedipine)',
    source: {
      title:
        'US FDA labels of ACE inhibitors and ARBs (e.g. ramipril, losartan), boxed warning: fetal toxicity',
      url: 'https://dailymed.nlm.nih.gov/dailymed/search.cfm?query=ramipril',
    },
  },
  {
    id: 'tetracyclines',
    drugs: drugs(
      'a tetracycline',
      ['J01AA02', 'J01AA07', 'J01AA08'],
      ['doxycycline', 'tetracycline', 'minocycline'],
    ),
    severity: 'avoid',
    risk: 'tooth discolouration and impaired fetal bone growth after the first trimester',
    advice: 'choose another antibacterial',
    source: {
      title: 'BNF (British National Formulary), Tetracyclines: pregnancy',
      url: 'https://bnf.nice.org.uk/drugs/doxycycline/',
    },
  },
  {
    id: 'nsaids',
    drugs: drugs(
      'an NSAID',
      ['M01AE01', 'M01AE02', 'M01AB05'],
      ['ibuprofen', 'naproxen', 'diclofenac'],
    ),
    severity: 'avoid',
    risk: 'fetal renal dysfunction and low amniotic fluid from 20 weeks; premature closure of the ductus arteriosus from 30 weeks',
    advice: 'avoid from 20 weeks of pregnancy; use paracetamol for pain',
    source: {
      title:
        'US FDA Drug Safety Communication, Avoid use of NSAIDs in pregnancy at 20 weeks or later (2020)',
      url: 'https://www.fda.gov/drugs/drug-safety-and-availability/fda-recommends-avoiding-use-nsaids-pregnancy-20-weeks-or-later-because-they-can-result-low-amniotic-fluid',
    },
  },
];

/** The cautions a drug is subject to in pregnancy. */
export function pregnancyCautionsOf(drug: DrugRef): PregnancyCaution[] {
  return PREGNANCY_CAUTIONS.filter((c) => drugIsOn(c.drugs, drug));
}
