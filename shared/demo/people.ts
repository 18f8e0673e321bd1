/**
 * Names and phone numbers plausible for the hospital's country: India, the United Kingdom and the
 * United States have their own sets; any other country uses the US set (English names, its
 * numbers written with the +1 code so they stay valid wherever the hospital is).
 */
import type { Prng } from './prng';

export type PeopleSet = 'IN' | 'GB' | 'US';

interface Names {
  male: readonly string[];
  female: readonly string[];
  family: readonly string[];
  /** A plausible mobile number in international form. */
  phone: (r: Prng) => string;
  currency: string;
}

const digits = (r: Prng, n: number) =>
  Array.from({ length: n }, () => String(r.int(0, 9))).join('');

const SETS: Record<PeopleSet, Names> = {
  IN: {
    male: [
      'Aarav',
      'Vihaan',
      'Arjun',
      'Rohan',
      'Ravi',
      'Karthik',
      'Suresh',
      'Anil',
      'Rahul',
      'Vikram',
      'Imran',
      'Manoj',
      'Deepak',
      'Sanjay',
      'Harish',
      'Gopal',
    ],
    female: [
      'Priya',
      'Ananya',
      'Diya',
      'Lakshmi',
      'Kavya',
      'Meera',
      'Sneha',
      'Pooja',
      'Asha',
      'Fatima',
      'Divya',
      'Neha',
      'Sunita',
      'Radha',
      'Shreya',
      'Anjali',
    ],
    family: [
      'Sharma',
      'Patel',
      'Iyer',
      'Reddy',
      'Nair',
      'Gupta',
      'Singh',
      'Kumar',
      'Rao',
      'Menon',
      'Das',
      'Khan',
      'Joshi',
      'Mehta',
      'Pillai',
      'Bose',
    ],
    // Indian mobiles: ten digits starting 6–9.
    phone: (r) => `+91 ${r.int(7, 9)}${digits(r, 4)} ${digits(r, 5)}`,
    currency: 'INR',
  },
  GB: {
    male: [
      'Oliver',
      'George',
      'Harry',
      'Jack',
      'Thomas',
      'James',
      'William',
      'Samuel',
      'Daniel',
      'Mohammed',
      'Joseph',
      'Callum',
      'Owen',
      'Rhys',
      'Liam',
      'Arthur',
    ],
    female: [
      'Olivia',
      'Amelia',
      'Isla',
      'Ava',
      'Emily',
      'Sophie',
      'Grace',
      'Chloe',
      'Jessica',
      'Charlotte',
      'Ellie',
      'Freya',
      'Hannah',
      'Aisha',
      'Megan',
      'Lucy',
    ],
    family: [
      'Smith',
      'Jones',
      'Taylor',
      'Brown',
      'Williams',
      'Wilson',
      'Evans',
      'Thomas',
      'Roberts',
      'Walker',
      'Wright',
      'Hughes',
      'Patel',
      'Campbell',
      'Murphy',
      'Clarke',
    ],
    // UK mobiles: 07xxx xxxxxx, here +44 7…
    phone: (r) => `+44 7${r.int(400, 999)} ${digits(r, 6)}`,
    currency: 'GBP',
  },
  US: {
    male: [
      'Liam',
      'Noah',
      'James',
      'Michael',
      'Ethan',
      'Benjamin',
      'Lucas',
      'Mason',
      'Logan',
      'Carlos',
      'David',
      'Anthony',
      'Jacob',
      'Tyler',
      'Marcus',
      'Ryan',
    ],
    female: [
      'Emma',
      'Olivia',
      'Sophia',
      'Mia',
      'Abigail',
      'Emily',
      'Madison',
      'Harper',
      'Ella',
      'Sofia',
      'Grace',
      'Chloe',
      'Maria',
      'Jasmine',
      'Hannah',
      'Avery',
    ],
    family: [
      'Johnson',
      'Miller',
      'Davis',
      'Garcia',
      'Rodriguez',
      'Martinez',
      'Anderson',
      'Thomas',
      'Jackson',
      'White',
      'Harris',
      'Martin',
      'Thompson',
      'Lee',
      'Walker',
      'Young',
    ],
    // NANP: area code and exchange start 2–9.
    phone: (r) => `+1 ${r.int(2, 9)}${digits(r, 2)}-${r.int(2, 9)}${digits(r, 2)}-${digits(r, 4)}`,
    currency: 'USD',
  },
};

/** The set for an ISO 3166 country code (IN, GB, US; anything else, or none: US). */
export function peopleSetFor(country: string | undefined): PeopleSet {
  if (country === 'IN' || country === 'GB' || country === 'US') return country;
  return 'US';
}

export function currencyOf(set: PeopleSet): string {
  return SETS[set].currency;
}

export interface Person {
  name: string;
  first: string;
  last: string;
  sex: 'male' | 'female';
  phone: string;
}

export function person(r: Prng, set: PeopleSet, sex?: 'male' | 'female'): Person {
  const s = SETS[set];
  const chosen = sex ?? (r.chance(0.5) ? 'male' : 'female');
  const first = r.pick(chosen === 'male' ? s.male : s.female);
  const last = r.pick(s.family);
  return { name: `${first} ${last}`, first, last, sex: chosen, phone: s.phone(r) };
}
