import { describe, expect, it } from 'vitest';
import { describeMissing, describeSkills, resolve } from '../../../shared/a2a/router';
import { CAPABILITIES, SKILLS } from '../../../shared/agents';

const catalogue = { capabilities: CAPABILITIES, skills: SKILLS };
const locale = { today: '2026-11-23', timeZone: 'Asia/Kolkata' };
const P = '6f1c2a9e-1b2c-4d3e-8f90-0a1b2c3d4e5f';
const D = '0a9e7d3c-5b4a-4c2d-9e8f-7a6b5c4d3e2f';
const A = '3b2d1c0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a';

const route = (text: string, data: Record<string, unknown> = {}) =>
  resolve({ text, data }, catalogue, locale);

describe('A2A skill routing', () => {
  it.each([
    ['Find patient Asha Verma', 'search-patients', { q: 'Asha Verma' }],
    ['Look up MRN-000042', 'search-patients', { q: 'MRN-000042' }],
    [`Show the record of patient ${P}`, 'get-patient', { id: P }],
    [
      'Register Ravi Kumar, male, born 1984-03-12, phone +91 98450 12345',
      'register-patient',
      { name: 'Ravi Kumar', sex: 'male', dateOfBirth: '1984-03-12', phone: '+919845012345' },
    ],
    ["List today's appointments", 'list-appointments', { date: '2026-11-23' }],
    [
      `Book patient ${P} with doctor ${D} on 2026-11-24 at 10:30 for fever`,
      'book-appointment',
      { patientId: P, doctorId: D, start: '2026-11-24T05:00:00.000Z', reason: 'fever' },
    ],
    [
      `Cancel appointment ${A} because the patient is travelling`,
      'cancel-appointment',
      { id: A, reason: 'the patient is travelling' },
    ],
    [
      `When is doctor ${D} free on 2026-11-24?`,
      'check-doctor-availability',
      { doctorId: D, date: '2026-11-24' },
    ],
    [
      `How many patients are waiting for doctor ${D} today?`,
      'get-queue-status',
      { doctorId: D, date: '2026-11-23' },
    ],
    [`What is the latest NEWS2 of patient ${P}?`, 'get-encounter-summary', { patientId: P }],
    ['Which departments does the hospital have?', 'list-departments', {}],
    // The skills' own examples, as free text (issue 17 ot-protocol, issue 18 roster-generation).
    [
      'Roster ward W3 for 28 days from 2027-02-01',
      'generate-roster',
      { wardId: 'W3', start: '2027-02-01', days: 28 },
    ],
    [
      'Show the roster of ward W3 from 2027-02-01',
      'get-roster',
      { wardId: 'W3', start: '2027-02-01' },
    ],
    ['Who is the night nurse on ward W3?', 'who-is-on-duty', { wardId: 'W3' }],
    [
      'Where does the next case in theatre OT2 stand in the checklist?',
      'get-surgical-checklist',
      { theatre: 'OT2' },
    ],
    [`Tick site-marked for case ${P}`, 'tick-checklist-item', { caseId: P, item: 'site-marked' }],
  ])('"%s" → %s', (text, capability, args) => {
    const r = route(text);
    expect(r.kind, JSON.stringify(r)).toBe('call');
    if (r.kind !== 'call') return;
    expect(r.capability.name).toBe(capability);
    expect(r.args).toEqual(args);
  });

  it('reports the required arguments the text does not give, naming them', () => {
    const r = route(`Book patient ${P} tomorrow at 10:00`);
    expect(r.kind).toBe('missing');
    if (r.kind !== 'missing') return;
    expect(r.capability.name).toBe('book-appointment');
    expect(r.missing).toEqual(['doctorId', 'reason']);
    expect(describeMissing(r.capability, r.missing)).toMatch(/I need: doctorId \(.*\), reason/);
  });

  it('asked to roster a ward without ward, start or length, asks for them', () => {
    const r = route('Please roster a ward for me');
    expect(r.kind, JSON.stringify(r)).toBe('missing');
    if (r.kind !== 'missing') return;
    expect(r.capability.name).toBe('generate-roster');
    expect(r.missing).toEqual(['wardId', 'start', 'days']);
    expect(describeMissing(r.capability, r.missing)).toBe(
      'To generate a roster I need: wardId, start (the first day, e.g. 2026-11-24), days. Reply on this task with the missing details, or send a data part {"arguments": {…}}.',
    );
  });

  it('completes a pending capability with the next message instead of routing afresh', () => {
    const r = resolve({ text: `doctor ${D}, because of fever`, data: {} }, catalogue, locale, {
      capability: 'book-appointment',
      args: { patientId: P, start: '2026-11-24T04:30:00.000Z' },
    });
    expect(r).toMatchObject({
      kind: 'call',
      args: { patientId: P, doctorId: D, start: '2026-11-24T04:30:00.000Z', reason: 'fever' },
    });
  });

  it('never guesses: no keyword matches nothing, equal scores are ambiguous', () => {
    expect(route('What is the weather in Pune?').kind).toBe('no-match');
    expect(route('').kind).toBe('no-match');
    const tie = route('slot');
    expect(tie.kind).toBe('ambiguous');
    if (tie.kind === 'ambiguous')
      expect(tie.candidates.map((c) => c.name).sort()).toEqual([
        'book-appointment',
        'check-doctor-availability',
      ]);
    expect(describeSkills(catalogue)).toContain('patient-lookup');
    for (const s of SKILLS) expect(describeSkills(catalogue)).toContain(s.name);
  });

  it('takes a capability and its arguments from a data part, or a skill to route within', () => {
    expect(route('', { capability: 'get-patient', arguments: { id: P } })).toMatchObject({
      kind: 'call',
      args: { id: P },
    });
    expect(route('', { capability: 'no-such-tool' }).kind).toBe('no-match');
    const within = route('today', { skill: 'queue-status', arguments: { doctorId: D } });
    expect(within).toMatchObject({ kind: 'call', args: { doctorId: D, date: '2026-11-23' } });
    expect(within.kind === 'call' && within.capability.name).toBe('get-queue-status');
    expect(route(`patient ${P}`, { skill: 'encounter-summary' })).toMatchObject({
      kind: 'call',
      args: { patientId: P },
    });
  });
});
