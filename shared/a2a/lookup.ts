/**
 * Names to ids, for an A2A text message: "book … for Ravi Kumar with Dr Vikram Sen" names a
 * patient and a doctor, while book-appointment takes their ids. Each name is looked up through
 * the same capabilities an agent would call (search-patients for a name, MRN or phone;
 * list-doctors and list-departments, matched by name), with the caller's credential: checked,
 * run and audited like any call. Exactly one match fills the id; none or several leave it missing
 * and say so, listing the candidates: never a guess.
 */
import type { AnyCapability } from '../agents';
import type { Extracted } from './extract';
import { inputShape } from './router';

/** Runs one capability for the caller and answers its output (or throws its AppError). */
export type LookupCall = (capability: string, args: Record<string, unknown>) => Promise<unknown>;

export interface Looked {
  args: Record<string, unknown>;
  /** What could not be matched, as sentences for the input-required answer. */
  unresolved: string[];
  /** Whether any lookup ran. */
  looked: boolean;
}

interface Named {
  id: string;
  name: string;
  mrn?: string;
}

/** Pages of a list capability read to match a name (100 each): a hospital's doctors fit. */
const MAX_PAGES = 5;

const normal = (s: string) =>
  s
    .toLowerCase()
    .replace(/^(dr\.?|doctor)\s+/, '')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Whole words of `wanted` in order, inside `name` ("vikram sen" in "dr vikram sen"). */
const matches = (name: string, wanted: string) =>
  ` ${normal(name)} `.includes(` ${normal(wanted)} `);

async function everything(call: LookupCall, capability: string): Promise<Named[]> {
  const out: Named[] = [];
  let cursor: string | null | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = (await call(capability, { limit: 100, ...(cursor ? { cursor } : {}) })) as {
      items: Named[];
      nextCursor?: string | null;
    };
    out.push(...answer.items);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return out;
}

const listed = (items: readonly Named[]) =>
  items
    .slice(0, 5)
    .map((i) => (i.mrn ? `${i.name} (${i.mrn})` : `${i.name} (${i.id})`))
    .join(', ');

function pick(what: string, said: string, found: readonly Named[]): string | { problem: string } {
  if (found.length === 1) return found[0]!.id;
  if (found.length === 0) return { problem: `No ${what} matches "${said}".` };
  return {
    problem: `${found.length} ${what}s match "${said}": ${listed(found)}${found.length > 5 ? ', …' : ''}. Say which (by ${what === 'patient' ? 'MRN' : 'id'}).`,
  };
}

/** The capability's arguments with the ids its named patient, doctor or department stand for. */
export async function lookUpNames(
  cap: AnyCapability,
  args: Record<string, unknown>,
  found: Extracted,
  call: LookupCall,
): Promise<Looked> {
  const fields = inputShape(cap).properties;
  const out = { ...args };
  const unresolved: string[] = [];
  let looked = false;
  const wants = (field: string) => field in fields && out[field] === undefined;

  const patient = found.mrns[0] ?? found.name ?? found.forName ?? found.phones[0];
  if (wants('patientId') && patient) {
    looked = true;
    const page = (await call('search-patients', { q: patient, limit: 5 })) as { items: Named[] };
    const id = pick('patient', patient, page.items);
    if (typeof id === 'string') out.patientId = id;
    else unresolved.push(id.problem);
  }
  if (wants('doctorId') && found.doctorName) {
    looked = true;
    const said = found.doctorName;
    const id = pick(
      'doctor',
      `Dr ${said}`,
      (await everything(call, 'list-doctors')).filter((d) => matches(d.name, said)),
    );
    if (typeof id === 'string') out.doctorId = id;
    else unresolved.push(id.problem);
  }
  if (wants('departmentId') && found.department) {
    looked = true;
    const said = found.department;
    const id = pick(
      'department',
      said,
      (await everything(call, 'list-departments')).filter((d) => matches(d.name, said)),
    );
    if (typeof id === 'string') out.departmentId = id;
    else unresolved.push(id.problem);
  }
  return { args: out, unresolved, looked };
}
