/**
 * Disguised drug names (issue 16, item 1): a zero-width character, a Cyrillic or Greek letter that
 * looks Latin, a full-width letter or an odd space must never make the allergy screen, the
 * catalogue lookup or the risk classes answer differently from the plain name. Fuzzed: every
 * catalogue name and synonym, many disguises each, with a fixed seed so a failure reproduces.
 */
import { describe, expect, it } from 'vitest';
import { DRUG_CATALOGUE, screenAllergies } from '../../../shared/clinical/allergy';
import { identifyDrug } from '../../../shared/clinical/drug-catalogue';
import { medicationRiskClasses } from '../../../shared/clinical/medication-risk';
import { PrescriptionInputSchema } from '../../../shared/clinical/prescribing';
import { normaliseClinicalText } from '../../../shared/clinical/text';

/** mulberry32: a small seeded generator, so every run tries the same disguises. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Invisible characters (Unicode format characters and the soft hyphen). */
const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u180e'];
/** Letters of other scripts that look like Latin ones, written out by hand. */
const LOOKALIKES: Record<string, string[]> = {
  a: ['\u0430', '\u03b1'],
  A: ['\u0410', '\u0391'],
  B: ['\u0412', '\u0392'],
  c: ['\u0441', '\u03f2'],
  C: ['\u0421', '\u03f9'],
  e: ['\u0435'],
  E: ['\u0415', '\u0395'],
  H: ['\u041d', '\u0397'],
  i: ['\u0456', '\u03b9'],
  I: ['\u0406', '\u0399'],
  j: ['\u0458'],
  K: ['\u041a', '\u039a'],
  M: ['\u041c', '\u039c'],
  N: ['\u039d'],
  o: ['\u043e', '\u03bf'],
  O: ['\u041e', '\u039f'],
  p: ['\u0440', '\u03c1'],
  P: ['\u0420', '\u03a1'],
  s: ['\u0455'],
  S: ['\u0405'],
  T: ['\u0422', '\u03a4'],
  x: ['\u0445', '\u03c7'],
  X: ['\u0425', '\u03a7'],
  y: ['\u0443'],
  Y: ['\u04ae', '\u03a5'],
  Z: ['\u0396'],
};
/** Full-width forms (U+FF01…): NFKC folds them to ASCII. */
const fullWidth = (ch: string) =>
  /[!-~]/.test(ch) ? String.fromCharCode(ch.charCodeAt(0) + 0xfee0) : ch;
const SPACES = ['\u00a0', '\u2007', '\u202f', '\u3000', '  '];

type Disguise = (name: string, rnd: () => number) => string;
const pick = <T>(xs: readonly T[], rnd: () => number): T => xs[Math.floor(rnd() * xs.length)]!;

const DISGUISES: Record<string, Disguise> = {
  invisible: (name, rnd) => {
    const chars = [...name];
    const at = 1 + Math.floor(rnd() * Math.max(chars.length - 1, 1));
    chars.splice(at, 0, pick(INVISIBLE, rnd));
    return chars.join('');
  },
  lookalike: (name, rnd) => {
    const chars = [...name];
    const spots = chars.flatMap((c, i) => (LOOKALIKES[c] ? [i] : []));
    if (!spots.length) return name;
    const i = pick(spots, rnd);
    chars[i] = pick(LOOKALIKES[chars[i]!]!, rnd);
    return chars.join('');
  },
  fullWidth: (name, rnd) => [...name].map((c) => (rnd() < 0.5 ? fullWidth(c) : c)).join(''),
  spaces: (name, rnd) => name.replace(/ /g, () => pick(SPACES, rnd)),
  case: (name, rnd) => [...name].map((c) => (rnd() < 0.5 ? c.toUpperCase() : c)).join(''),
  layered: (name, rnd) =>
    DISGUISES.invisible!(DISGUISES.lookalike!(DISGUISES.fullWidth!(name, rnd), rnd), rnd),
};

const ALLERGIES = [
  'Penicillin - anaphylaxis',
  'Cephalosporins',
  'Carbapenem',
  'Sulfa drugs',
  'NSAIDs',
  'Aspirin',
];

const NAMES = DRUG_CATALOGUE.flatMap((d) => [d.name, ...d.synonyms].map((n) => [d, n] as const));
const RUNS = 12;

describe('normaliseClinicalText', () => {
  it('removes format characters, folds compatibility forms and maps look-alike letters', () => {
    expect(normaliseClinicalText('Amoxi\u200bcillin')).toBe('Amoxicillin');
    expect(normaliseClinicalText('\u0410moxicillin')).toBe('Amoxicillin');
    expect(normaliseClinicalText('\uff21moxicillin')).toBe('Amoxicillin');
    expect(normaliseClinicalText('Co\u00ad-amoxiclav\ufeff')).toBe('Co-amoxiclav');
    expect(normaliseClinicalText('amoxicillin\u00a0and\u3000clavulanic  acid')).toBe(
      'amoxicillin and clavulanic acid',
    );
    // β stays a Greek word of the allergy vocabulary, not a look-alike of B.
    expect(normaliseClinicalText('β-lactam')).toBe('beta-lactam');
  });
});

describe('the screen gives one answer for every disguise of every catalogue drug', () => {
  for (const [kind, disguise] of Object.entries(DISGUISES)) {
    it(`${kind}: allergy conflicts, catalogue entry and risk classes are those of the plain name`, () => {
      const rnd = prng(0x5eed + kind.length);
      let tried = 0;
      for (const [entry, name] of NAMES) {
        const plainConflicts = screenAllergies({ name }, [...ALLERGIES, name]);
        const plainClasses = medicationRiskClasses({ name });
        for (let run = 0; run < RUNS; run++) {
          const disguised = disguise(name, rnd);
          const what = `${JSON.stringify(disguised)} (${name})`;
          expect(screenAllergies({ name: disguised }, [...ALLERGIES, name]), what).toEqual(
            plainConflicts,
          );
          expect(identifyDrug(disguised).entry?.atc, what).toBe(entry.atc);
          const classes = medicationRiskClasses({ name: disguised });
          expect([classes.controlled, classes.highAlert], what).toEqual([
            plainClasses.controlled,
            plainClasses.highAlert,
          ]);
          // A disguised allergy record matches as the plain one does.
          const allergy = disguise(name, rnd);
          expect(
            screenAllergies({ name }, [allergy]).map((c) => c.kind),
            `allergy ${JSON.stringify(allergy)} (${name})`,
          ).toEqual(['direct']);
          tried += 1;
        }
      }
      expect(tried).toBe(NAMES.length * RUNS);
      // CPU-bound (about 4 s alone): a machine shared with other work must not turn it into a timeout.
    }, 180_000);
  }
});

describe('a prescription’s drug name is written in the characters a drug name needs', () => {
  const RX = {
    strength: '500 mg',
    dose: '1 capsule',
    route: 'oral',
    frequency: 'TDS',
    durationDays: 5,
    quantity: 15,
  };
  const parse = (drugName: string) => PrescriptionInputSchema.safeParse({ ...RX, drugName });

  it('stores the plain name for invisible characters, full-width letters and odd spaces', () => {
    const rnd = prng(42);
    for (const [, name] of NAMES) {
      for (const kind of ['invisible', 'fullWidth', 'spaces'] as const) {
        const disguised = DISGUISES[kind]!(name, rnd);
        const parsed = parse(disguised);
        expect(parsed.success, JSON.stringify(disguised)).toBe(true);
        if (parsed.success) expect(parsed.data.drugName).toBe(name.replace(/\s+/g, ' '));
      }
    }
  });

  it('refuses a name mixing in letters of another script, naming drugName and the letter', () => {
    const rnd = prng(7);
    for (const [, name] of NAMES) {
      const disguised = DISGUISES.lookalike!(name, rnd);
      if (disguised === name) continue;
      const parsed = parse(disguised);
      expect(parsed.success, JSON.stringify(disguised)).toBe(false);
      if (!parsed.success) {
        expect(parsed.error.issues[0]?.path).toEqual(['drugName']);
        expect(parsed.error.issues[0]?.message).toMatch(/drugName .*U\+0[34]/);
      }
    }
  });

  it('accepts the punctuation drug names use and refuses the rest', () => {
    for (const ok of [
      'Co-amoxiclav 500/125',
      'Amoxicillin (trihydrate)',
      'Sodium chloride 0.9%',
      'Paracetamol + codeine',
      "St John's wort",
      'Vitamin B12',
    ])
      expect(parse(ok).success, ok).toBe(true);
    for (const bad of ['Amoxicillin<script>', 'Amoxicillin; DROP', 'Amoxicillin\u0007', '💊'])
      expect(parse(bad).success, bad).toBe(false);
  });
});
