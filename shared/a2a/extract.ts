/**
 * Deterministic parsers for the identifiers an A2A text message carries: MRNs, phone numbers,
 * dates (ISO, day/month/year, "24 Nov 2026", today/tomorrow/yesterday in the hospital's time
 * zone) and times, ISO instants, record ids with the word that names them ("doctor 0a9e…"),
 * a person's name after "patient", "named" or "register", sex, date of birth ("born …") and a
 * reason ("because …"). No model, no guessing: each value is what a pattern matched, and each
 * matched span is taken out of the text before the next parser runs (a date never reads as a
 * phone number).
 */
import { addDays } from '../kernel/time/zoned-time';

export type IdLabel =
  | 'patient'
  | 'doctor'
  | 'appointment'
  | 'department'
  | 'action'
  | 'encounter'
  | 'case';

export interface LabelledId {
  value: string;
  /** The word before the id that says what it is, if there is one. */
  label?: IdLabel;
}

export interface Extracted {
  mrns: string[];
  /** Digits with a leading + when given, separators removed. */
  phones: string[];
  /** YYYY-MM-DD, except the date of birth. */
  dates: string[];
  /** HH:MM, 24-hour. */
  times: string[];
  /** ISO instants with an offset or Z, as written. */
  instants: string[];
  ids: LabelledId[];
  name?: string;
  /** The patient a request is for ("book … for Ravi Kumar"), when no name is introduced otherwise. */
  forName?: string;
  /** A doctor's name after "Dr" or "doctor" ("with Dr Vikram Sen"). */
  doctorName?: string;
  /** A department named in "work in general medicine", "the cardiology department". */
  department?: string;
  /** A prescription's parts: "paracetamol 500 mg, 1 tablet oral every 6 hours for 3 days (12)". */
  drug?: {
    drugName?: string;
    strength?: string;
    dose?: string;
    route?: string;
    frequency?: string;
    durationDays?: number;
    quantity?: number;
  };
  sex?: 'male' | 'female' | 'other';
  /** The date after "born" or "DOB". */
  dateOfBirth?: string;
  reason?: string;
  /** A ward's code after "ward" ("ward W3"): a code, so it starts with a capital or a digit. */
  ward?: string;
  /** A theatre's code after "theatre" ("theatre OT2"), written as the hospital codes it. */
  theatre?: string;
  /** A length of time in days: "for 28 days", "7 days", "for 4 weeks". */
  days?: number;
  /** A checklist item's code after "tick" or "confirm" ("tick site-marked"). */
  item?: string;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const pad = (n: number) => String(n).padStart(2, '0');

/** A real calendar date, or undefined (2026-02-30 is not one). */
function calendarDate(year: number, month: number, day: number): string | undefined {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day)
    return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Runs a global regex over the text, blanking each match so later parsers do not see it. */
function take(
  state: { text: string },
  re: RegExp,
  // Answers false to leave a match in the text (it was not a valid value).
  onMatch: (m: RegExpExecArray) => unknown,
): void {
  let out = '';
  let last = 0;
  for (const m of state.text.matchAll(re)) {
    const keep = onMatch(m as RegExpExecArray);
    if (keep === false) continue;
    out += state.text.slice(last, m.index) + ' '.repeat(m[0].length);
    last = m.index + m[0].length;
  }
  state.text = out + state.text.slice(last);
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ID_LABELS: Readonly<Record<string, IdLabel>> = {
  patient: 'patient',
  patients: 'patient',
  doctor: 'doctor',
  dr: 'doctor',
  physician: 'doctor',
  appointment: 'appointment',
  booking: 'appointment',
  department: 'department',
  dept: 'department',
  action: 'action',
  proposal: 'action',
  encounter: 'encounter',
  visit: 'encounter',
  case: 'case',
};

/**
 * Everything the parsers find in `text`. `today` is the hospital's date (YYYY-MM-DD), for
 * "today", "tomorrow" and "yesterday".
 */
export function extract(text: string, today: string): Extracted {
  const found: Extracted = {
    mrns: [],
    phones: [],
    dates: [],
    times: [],
    instants: [],
    ids: [],
  };
  const state = { text: ` ${text} ` };
  // Codes and lengths, read without taking them out (a prescription's "for 5 days" stays its own).
  const ward = /\b[Ww]ard\s+([A-Z0-9][A-Za-z0-9-]{0,19})\b/.exec(text)?.[1];
  if (ward) found.ward = ward;
  const theatre = /\b[Tt]heat(?:re|er)\s+([A-Z0-9][A-Za-z0-9.-]{0,19})\b/.exec(text)?.[1];
  if (theatre) found.theatre = theatre;
  const length = /\b(\d{1,2})\s*(days?|weeks?)\b/i.exec(text);
  if (length) found.days = Number(length[1]) * (/^w/i.test(length[2]!) ? 7 : 1);
  const item =
    /\b(?:tick|confirm|check off|mark)\s+(?:the\s+)?(?:item\s+)?([a-z][a-z0-9]*(?:-[a-z0-9]+)+)\b/i.exec(
      text,
    )?.[1];
  if (item) found.item = item.toLowerCase();

  // Ids first: a UUID holds digit runs a phone or date parser would otherwise read.
  take(
    state,
    new RegExp(`(?:\\b([A-Za-z]+)\\.?\\s+(?:id\\s+|#)?)?\\b(${UUID.source})\\b`, 'gi'),
    (m) => {
      const label = m[1] ? ID_LABELS[m[1].toLowerCase()] : undefined;
      found.ids.push({ value: m[2]!.toLowerCase(), ...(label ? { label } : {}) });
    },
  );
  take(state, /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g, (m) => {
    if (Number.isNaN(Date.parse(m[0]))) return false;
    found.instants.push(m[0]);
  });
  take(state, /\bMRN[-\s]?(\d{6,})\b/gi, (m) => {
    found.mrns.push(`MRN-${m[1]}`);
  });

  const dates: { date: string; born: boolean }[] = [];
  const BORN = '(?:(born(?:\\s+on)?|dob|date\\s+of\\s+birth)\\s*:?\\s*)?';
  take(state, new RegExp(`${BORN}\\b(\\d{4})-(\\d{2})-(\\d{2})\\b`, 'gi'), (m) => {
    const date = calendarDate(Number(m[2]), Number(m[3]), Number(m[4]));
    if (!date) return false;
    dates.push({ date, born: Boolean(m[1]) });
  });
  // Day first, as written in India and most of the world: 24/11/2026.
  take(state, new RegExp(`${BORN}\\b(\\d{1,2})[/.](\\d{1,2})[/.](\\d{4})\\b`, 'gi'), (m) => {
    const date = calendarDate(Number(m[4]), Number(m[3]), Number(m[2]));
    if (!date) return false;
    dates.push({ date, born: Boolean(m[1]) });
  });
  take(
    state,
    new RegExp(
      `${BORN}\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+([A-Za-z]{3,9})\\.?,?\\s+(\\d{4})\\b`,
      'gi',
    ),
    (m) => {
      const month = MONTHS.indexOf(m[3]!.slice(0, 3).toLowerCase()) + 1;
      const date = month ? calendarDate(Number(m[4]), month, Number(m[2])) : undefined;
      if (!date) return false;
      dates.push({ date, born: Boolean(m[1]) });
    },
  );
  take(
    state,
    new RegExp(
      `${BORN}\\b([A-Za-z]{3,9})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`,
      'gi',
    ),
    (m) => {
      const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1;
      const date = month ? calendarDate(Number(m[4]), month, Number(m[3])) : undefined;
      if (!date) return false;
      dates.push({ date, born: Boolean(m[1]) });
    },
  );
  take(state, /\b(today|tomorrow|yesterday)\b/gi, (m) => {
    const word = m[1]!.toLowerCase();
    dates.push({
      date: addDays(today, word === 'today' ? 0 : word === 'tomorrow' ? 1 : -1),
      born: false,
    });
  });
  for (const d of dates) {
    if (d.born && !found.dateOfBirth) found.dateOfBirth = d.date;
    else if (!d.born) found.dates.push(d.date);
  }

  take(state, /\b([01]?\d|2[0-3])[:.]([0-5]\d)\s*(am|pm)?\b/gi, (m) => {
    let h = Number(m[1]);
    const suffix = m[3]?.toLowerCase();
    if (suffix && (h < 1 || h > 12)) return false;
    if (suffix === 'pm' && h < 12) h += 12;
    if (suffix === 'am' && h === 12) h = 0;
    found.times.push(`${pad(h)}:${m[2]}`);
  });
  take(state, /\b(1[0-2]|0?[1-9])\s*(am|pm)\b/gi, (m) => {
    let h = Number(m[1]);
    if (m[2]!.toLowerCase() === 'pm' && h < 12) h += 12;
    if (m[2]!.toLowerCase() === 'am' && h === 12) h = 0;
    found.times.push(`${pad(h)}:00`);
  });

  // Phone numbers: 8 to 15 digits, an optional leading +, spaces, dots or hyphens between.
  take(state, /(?<![\w+])(\+?\d(?:[\s.-]?\d){7,14})(?![\w])/g, (m) => {
    const raw = m[1]!;
    found.phones.push((raw.startsWith('+') ? '+' : '') + raw.replace(/\D/g, ''));
  });

  const drug = prescriptionOf(state);
  if (drug) found.drug = drug;

  const sex = /\b(male|female|man|woman|boy|girl|other)\b/i.exec(state.text)?.[1]?.toLowerCase();
  if (sex)
    found.sex =
      sex === 'female' || sex === 'woman' || sex === 'girl'
        ? 'female'
        : sex === 'other'
          ? 'other'
          : 'male';

  // A name is capitalised words after a word that introduces one (case-sensitive on purpose:
  // "patient with doctor" has no name in it).
  const NAME_WORD = "[A-Z][A-Za-z'’-]+";
  const NAMES = `${NAME_WORD}(?:\\s+${NAME_WORD}){0,3}`;
  const quoted = new RegExp(`["“](${NAMES})["”]`).exec(text)?.[1];
  const named = new RegExp(
    `\\b(?:[Pp]atient|[Nn]amed|[Cc]alled|[Rr]egister(?:ing)?|[Ee]nrol(?:l)?)\\s+(?:a\\s+)?(?:new\\s+)?(?:[Pp]atient\\s+)?(${NAMES})`,
  ).exec(state.text)?.[1];
  const name = quoted ?? named;
  if (name) found.name = name.replace(/\s+/g, ' ').trim();

  // People's names are taken out of the text, so a trailing "for …" reason never holds one.
  const clean = (n: string) => n.replace(/\s+/g, ' ').trim();
  take(state, new RegExp(`\\b(?:[Dd]r\\.?|[Dd]octor)\\s+(${NAMES})`, 'g'), (m) => {
    found.doctorName ??= clean(m[1]!);
  });
  take(state, new RegExp(`\\b(?:for|[Bb]ook)\\s+(?:[Pp]atient\\s+)?(${NAMES})`, 'g'), (m) => {
    if (/^(Dr|Doctor)\b/.test(m[1]!)) return false;
    found.forName ??= clean(m[1]!);
  });
  if (found.name) state.text = state.text.split(found.name).join(' '.repeat(found.name.length));
  const department =
    /\b(?:work(?:s|ing)?\s+in|in\s+the|of\s+the|from)\s+([a-z][a-z &-]{2,60}?)(?:\s+department)?\s*[?.!]?\s*$/i.exec(
      state.text,
    )?.[1] ?? /\b([a-z][a-z &-]{2,60}?)\s+department\b/i.exec(state.text)?.[1];
  if (department && !/^(the|a|an|this|that)$/i.test(department.trim()))
    found.department = clean(department);

  const reason = /\b(?:because(?:\s+of)?|reason(?:\s+is)?\s*:?|due\s+to)\s+([^.;\n]{2,200})/i.exec(
    text,
  )?.[1];
  if (reason) found.reason = reason.trim();
  else {
    const trailingFor = /\bfor\s+([a-z][a-z\s-]{1,80}?)\s*[.?!]?\s*$/i.exec(state.text)?.[1];
    // Connecting words left where a date or time was ("… for fever tomorrow at 10:00").
    const words = clean(trailingFor ?? '').split(' ');
    while (words.length && CONNECTORS.has(words[words.length - 1]!.toLowerCase())) words.pop();
    const said = words.join(' ');
    if (said && !/^(doctor|dr|patient|today|tomorrow)\b/i.test(said)) found.reason = said;
  }
  return found;
}

const CONNECTORS = new Set(['at', 'on', 'with', 'by', 'from', 'in', 'and', 'to']);

const ROUTES: Readonly<Record<string, string>> = {
  oral: 'oral',
  orally: 'oral',
  po: 'oral',
  'by mouth': 'oral',
  iv: 'iv',
  intravenous: 'iv',
  intravenously: 'iv',
  im: 'im',
  intramuscular: 'im',
  sc: 'sc',
  subcutaneous: 'sc',
  topical: 'topical',
  inhaled: 'inhaled',
  sublingual: 'sublingual',
  rectal: 'rectal',
};
const UNIT = '(?:tablets?|tabs?|capsules?|caps?|puffs?|drops?|sachets?|ml|units?)';

/**
 * The parts of a prescription the text states, each by its own pattern; undefined when it names
 * no strength (without one it is not a prescription). Matched parts are taken out of the text.
 */
function prescriptionOf(state: { text: string }): Extracted['drug'] | undefined {
  const strength = /\b(\d+(?:\.\d+)?)\s*(mg|g|mcg|µg|microgram|iu|units?|ml|mmol)\b/i.exec(
    state.text,
  );
  if (!strength) return undefined;
  const drug: NonNullable<Extracted['drug']> = {
    strength: `${strength[1]} ${strength[2]!.toLowerCase()}`,
  };
  const before = state.text.slice(0, strength.index);
  const drugName = /\b(?:prescribe|give|start|rx|order)\s+([A-Za-z][A-Za-z -]{1,60}?)\s*$/i.exec(
    before,
  )?.[1];
  if (drugName) drug.drugName = drugName.trim().toLowerCase();
  state.text =
    state.text.slice(0, strength.index) +
    ' '.repeat(strength[0].length) +
    state.text.slice(strength.index + strength[0].length);
  take(state, /\bfor\s+(\d{1,3})\s*(days?|weeks?)\b/gi, (m) => {
    drug.durationDays ??= Number(m[1]) * (/^w/i.test(m[2]!) ? 7 : 1);
  });
  take(state, /\((\d{1,5})\)|\b(?:quantity|qty|dispense|supply)\s*:?\s*(\d{1,5})\b/gi, (m) => {
    drug.quantity ??= Number(m[1] ?? m[2]);
  });
  take(state, new RegExp(`\\b(\\d+(?:\\.\\d+)?)\\s*(${UNIT})\\b`, 'gi'), (m) => {
    const said = `${m[1]} ${m[2]!.toLowerCase()}`;
    if (!drug.dose) drug.dose = said;
    // A second count of the same unit is the quantity to supply ("15 tablets").
    else if (drug.quantity === undefined) drug.quantity = Number(m[1]);
  });
  take(
    state,
    /\b(oral|orally|po|by mouth|iv|intravenous(?:ly)?|im|intramuscular|sc|subcutaneous|topical|inhaled|sublingual|rectal)\b/gi,
    (m) => {
      drug.route ??= ROUTES[m[1]!.toLowerCase()];
    },
  );
  take(
    state,
    /\b(every\s+\d{1,2}\s+hours?|(?:once|twice|three times|four times)\s+(?:a|per)\s+day|once daily|daily|at night|od|bd|bid|tds|tid|qds|qid|prn|as needed)\b/gi,
    (m) => {
      drug.frequency ??= m[1]!.toLowerCase().replace(/\s+/g, ' ');
    },
  );
  return drug;
}
