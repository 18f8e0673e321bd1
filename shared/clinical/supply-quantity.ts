/**
 * The quantity a prescription supplies against what its own dose, frequency and duration need:
 * units per dose × doses a day × days. The BNF's prescription-writing guidance has the quantity
 * stated, or the number of days of treatment, so that the amount supplied matches the course; a
 * quantity that does not is a mis-entered dose, frequency, duration or quantity, or a supply the
 * patient could overdose from (https://bnf.nice.org.uk/medicines-guidance/prescription-writing/).
 *
 * Read only when the units are countable: a dose counted in tablets, capsules or sachets
 * ("2 tablets"), or an amount ("1 g") of a solid strength in mg ("500 mg" a tablet) that is a whole
 * number of units (or halves). A liquid (the quantity may be bottles or mL) and what the dose reader cannot
 * read are not checked (the dose-range rule already says when a dose cannot be read).
 *
 * Thresholds (a local decision, docs/decisions.md): fewer units than the course needs, or more
 * (up to twice, which a pack size can explain), is a warning; **more than twice** the course is
 * critical, a stop that needs an override reason: no pack rounds a course up that far, and a
 * ten-fold slip in a field lands there.
 */
import { parseStrength } from './dispensing';
import { dosesPerDay, plainDoseText } from './dose-limits';

export interface SupplyPrescription {
  strength: string;
  dose: string;
  frequency: string;
  durationDays: number;
  quantity: number;
}

export interface SupplyFinding {
  kind: 'short' | 'over' | 'over-twice';
  /** Units one dose takes, doses a day, and the units the course needs. */
  unitsPerDose: number;
  perDay: number;
  needed: number;
  quantity: number;
  /** The days the quantity lasts at the prescribed rate (rounded down). */
  daysSupplied: number;
}

const COUNTED =
  /^(\d+(?:\.\d+)?|one|two|three|four|half)\s*(tab(?:let)?s?|cap(?:sule)?s?|sachets?)$/;
const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, half: 0.5 };
const MASS = /^(\d+(?:\.\d+)?)\s*(g|mg|micrograms?|mcg)$/;

/** Units of the product one dose takes, or null when the units are not countable. */
export function unitsPerDose(rx: Pick<SupplyPrescription, 'strength' | 'dose'>): number | null {
  const dose = plainDoseText(rx.dose);
  const counted = COUNTED.exec(dose);
  if (counted) return WORDS[counted[1]!] ?? Number(counted[1]);
  const mass = MASS.exec(dose);
  if (!mass) return null;
  const amount = parseStrength(`${mass[1]} ${mass[2]}`);
  const unit = parseStrength(rx.strength);
  if (amount?.unit !== 'mg' || unit?.unit !== 'mg' || unit.value <= 0) return null;
  const n = amount.value / unit.value;
  // Whole or halved units ("750 mg" of 500 mg tablets is 1.5); "600 mg" is not countable: not
  // read, not guessed.
  return Math.abs(n - Math.round(n * 2) / 2) < 1e-9 ? n : null;
}

/** What is wrong with the quantity, or null when it matches or cannot be read. */
export function checkSupply(rx: SupplyPrescription): SupplyFinding | null {
  const units = unitsPerDose(rx);
  const perDay = dosesPerDay(rx.frequency);
  if (units === null || perDay === null || units <= 0) return null;
  const needed = Math.ceil(units * perDay * rx.durationDays);
  if (rx.quantity === needed) return null;
  const base = {
    unitsPerDose: units,
    perDay,
    needed,
    quantity: rx.quantity,
    daysSupplied: Math.floor(rx.quantity / (units * perDay)),
  };
  if (rx.quantity < needed) return { kind: 'short', ...base };
  return { kind: rx.quantity > 2 * needed ? 'over-twice' : 'over', ...base };
}
