import { describe, expect, it } from 'vitest';
import { extract } from '../../../shared/a2a/extract';
import { lookUpNames } from '../../../shared/a2a/lookup';
import { CAPABILITIES } from '../../../shared/agents';

const cap = (name: string) => CAPABILITIES.find((c) => c.name === name)!;

/** A hospital's answers, written out by hand, as the search and list capabilities give them. */
const PATIENTS = [
  { id: 'p1', name: 'Ravi Kumar', mrn: 'MRN-000001' },
  { id: 'p2', name: 'Ravi Kumar', mrn: 'MRN-000002' },
  { id: 'p3', name: 'Asha Verma', mrn: 'MRN-000003' },
];
const DOCTORS = [
  { id: 'd1', name: 'Vikram Sen' },
  { id: 'd2', name: 'Meera Senthil' },
  { id: 'd3', name: 'Anil Rao' },
];
const DEPARTMENTS = [
  { id: 'g1', name: 'General Medicine' },
  { id: 'g2', name: 'General Surgery' },
];

function hospital() {
  const calls: [string, Record<string, unknown>][] = [];
  const call = async (name: string, args: Record<string, unknown>) => {
    calls.push([name, args]);
    if (name === 'search-patients') {
      const q = String(args.q).toLowerCase();
      return {
        items: PATIENTS.filter(
          (p) => p.name.toLowerCase().startsWith(q) || p.mrn.toLowerCase() === q,
        ),
        nextCursor: null,
      };
    }
    // Two pages of doctors: the lookup follows the cursor.
    if (name === 'list-doctors')
      return args.cursor
        ? { items: DOCTORS.slice(2), nextCursor: null }
        : { items: DOCTORS.slice(0, 2), nextCursor: 'next' };
    return { items: DEPARTMENTS, nextCursor: null };
  };
  return { calls, call };
}

const look = (capability: string, text: string, call: ReturnType<typeof hospital>['call']) =>
  lookUpNames(cap(capability), {}, extract(text, '2026-11-25'), call);

describe('lookUpNames', () => {
  it('fills the ids of one match each, reading every page of doctors', async () => {
    const h = hospital();
    const got = await look('book-appointment', 'Book Asha Verma with Dr Rao', h.call);
    expect(got).toEqual({
      args: { patientId: 'p3', doctorId: 'd3' },
      unresolved: [],
      looked: true,
    });
    expect(h.calls).toEqual([
      ['search-patients', { q: 'Asha Verma', limit: 5 }],
      ['list-doctors', { limit: 100 }],
      ['list-doctors', { limit: 100, cursor: 'next' }],
    ]);
  });

  it('never picks among several, and says when none matches', async () => {
    const h = hospital();
    const got = await look('book-appointment', 'Book Ravi Kumar with Dr Nobody', h.call);
    expect(got.args).toEqual({});
    expect(got.unresolved).toEqual([
      '2 patients match "Ravi Kumar": Ravi Kumar (MRN-000001), Ravi Kumar (MRN-000002). Say which (by MRN).',
      'No doctor matches "Dr Nobody".',
    ]);
  });

  it('finds a patient by MRN, a department by name, and looks nothing up without a name', async () => {
    const h = hospital();
    expect((await look('get-encounter-summary', 'Summary of MRN-000002', h.call)).args).toEqual({
      patientId: 'p2',
    });
    expect(
      (await look('list-doctors', 'Which doctors work in general medicine?', h.call)).args,
    ).toEqual({
      departmentId: 'g1',
    });
    const general = await look('list-doctors', 'doctors of the general department', h.call);
    expect(general.unresolved[0]).toBe(
      '2 departments match "general": General Medicine (g1), General Surgery (g2). Say which (by id).',
    );
    const before = h.calls.length;
    expect(await look('list-doctors', 'list doctors', h.call)).toEqual({
      args: {},
      unresolved: [],
      looked: false,
    });
    expect(h.calls.length).toBe(before);
  });
});
