import { describe, expect, it } from 'vitest';
import { decodeState, encodeState } from '../../../shared/modules/onboarding/conversation';
import {
  bedPrefix,
  isSkip,
  parseApiKey,
  parseDepartments,
  parseDoctor,
  parseSchedulePart,
  parseStaff,
  parseWard,
} from '../../../shared/modules/onboarding/grammar';
import { DOCS_INDEX } from '../../../shared/modules/support/docs-index.generated';
import { buildIndex, type Passage } from '../../../shared/modules/support/index';
import { loadIndex, searchIndex, stem } from '../../../shared/modules/support/search';

const DEPTS = [
  { id: 'd1', name: 'General Medicine' },
  { id: 'd2', name: 'Cardiology' },
];

describe('the onboarding answer grammar', () => {
  it('reads departments, dropping repeats, and refuses an empty answer', () => {
    expect(parseDepartments('General Medicine, Cardiology; cardiology')).toEqual({
      ok: true,
      value: ['General Medicine', 'Cardiology'],
    });
    expect(parseDepartments(' , ')).toMatchObject({ ok: false });
    expect(parseDepartments(`${'x'.repeat(101)}`)).toMatchObject({ ok: false });
    expect(parseDepartments(Array.from({ length: 21 }, (_, i) => `D${i}`).join(','))).toEqual({
      ok: false,
      problem: 'Send at most 20 departments in one answer.',
    });
  });

  it('reads sessions: day ranges, single days, and says what is wrong', () => {
    expect(parseSchedulePart('Mon-Wed 09:00-13:00')).toEqual({
      ok: true,
      value: [
        { day: 'MON', start: '09:00', end: '13:00' },
        { day: 'TUE', start: '09:00', end: '13:00' },
        { day: 'WED', start: '09:00', end: '13:00' },
      ],
    });
    expect(parseSchedulePart('Sat 9.30 to 12:00')).toEqual({
      ok: true,
      value: [{ day: 'SAT', start: '09:30', end: '12:00' }],
    });
    expect(parseSchedulePart('General Medicine')).toBeNull();
    expect(parseSchedulePart('Fri-Mon 09:00-13:00')).toMatchObject({ ok: false });
    expect(parseSchedulePart('Mon 13:00-09:00')).toMatchObject({ ok: false });
    expect(parseSchedulePart('Funday 09:00-10:00')).toMatchObject({ ok: false });
  });

  it('reads a doctor in any order after the name, naming every missing part', () => {
    expect(
      parseDoctor(
        'Dr Asha Rao, asha@example.org, fee 500, general medicine, Mon-Fri 09:00-13:00',
        DEPTS,
      ),
    ).toEqual({
      ok: true,
      value: {
        name: 'Asha Rao',
        department: DEPTS[0],
        sessions: ['MON', 'TUE', 'WED', 'THU', 'FRI'].map((day) => ({
          day,
          start: '09:00',
          end: '13:00',
        })),
        consultationFee: 500,
        email: 'asha@example.org',
      },
    });
    expect(parseDoctor('Dr Asha Rao, Neurology', DEPTS)).toEqual({
      ok: false,
      problem:
        'For Dr Asha Rao I still need a department of the hospital (General Medicine, Cardiology); I did not recognise "Neurology"; the OPD sessions, e.g. "Mon-Fri 09:00-13:00"; the consultation fee, e.g. "fee 500"; the e-mail the doctor signs in with.',
    });
    expect(parseDoctor('', DEPTS)).toMatchObject({ ok: false });
    expect(parseDoctor('Dr Asha Rao, Mon 25:00-26:00', DEPTS)).toMatchObject({ ok: false });
  });

  it('reads a ward with its defaults and refuses unknown parts and bed counts out of range', () => {
    expect(parseWard('Ward A, 20 beds, general')).toEqual({
      ok: true,
      value: { name: 'Ward A', beds: 20, type: 'general', sexPolicy: 'mixed', dailyCharge: 0 },
    });
    expect(parseWard('Maternity, female, maternity, 1 bed, 1500.50 a day')).toEqual({
      ok: true,
      value: {
        name: 'Maternity',
        beds: 1,
        type: 'maternity',
        sexPolicy: 'female',
        dailyCharge: 150050,
      },
    });
    expect(parseWard('Ward A')).toEqual({
      ok: false,
      problem: 'How many beds has Ward A? e.g. "Ward A, 20 beds".',
    });
    expect(parseWard('Ward A, 201 beds')).toMatchObject({ ok: false });
    expect(parseWard('Ward A, 0 beds')).toMatchObject({ ok: false });
    expect(parseWard('Ward A, 20 beds, sunny')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('"sunny"'),
    });
    expect(parseWard('')).toMatchObject({ ok: false });
  });

  it('codes beds from the ward name', () => {
    expect(bedPrefix('Ward A')).toBe('WA');
    expect(bedPrefix('ICU')).toBe('ICU');
    expect(bedPrefix('Surgical Ward 2 East')).toBe('SW2E');
  });

  it('reads staff, keys and skips', () => {
    expect(parseStaff('Priya Nair, Lab Technician, priya@example.org')).toEqual({
      ok: true,
      value: { name: 'Priya Nair', role: 'LAB_TECHNICIAN', email: 'priya@example.org' },
    });
    expect(parseStaff('Priya Nair, priya@example.org')).toMatchObject({ ok: false });
    expect(parseStaff('Priya Nair, nurse')).toMatchObject({ ok: false });
    expect(parseStaff('Priya Nair, chef, p@example.org')).toMatchObject({ ok: false });
    expect(parseStaff('')).toMatchObject({ ok: false });
    expect(parseApiKey('bot, agents:reception:write', ['agents:reception:write'])).toEqual({
      ok: true,
      value: { name: 'bot', scopes: ['agents:reception:write'] },
    });
    expect(parseApiKey('bot', ['x'])).toMatchObject({ ok: false });
    expect(parseApiKey('bot, root', ['x'])).toMatchObject({
      ok: false,
      problem: expect.stringContaining('"root"'),
    });
    expect(parseApiKey('', ['x'])).toMatchObject({ ok: false });
    expect(['skip', 'Done.', 'not now'].map(isSkip)).toEqual([true, true, true]);
    expect(isSkip('Cardiology')).toBe(false);
  });

  it('round-trips its state token and refuses a tampered one naming state', () => {
    const state = { v: 1 as const, asked: 'ward' as const, passed: ['staff' as const] };
    expect(decodeState(encodeState(state))).toEqual(state);
    expect(() => decodeState('not-a-token')).toThrow(/state/);
    expect(() =>
      decodeState(Buffer.from('{"v":1,"asked":"root","passed":[]}').toString('base64url')),
    ).toThrow(/state/);
  });
});

describe('the support search', () => {
  it('stems so that admit, admits, admitted, admitting and admission are one word', () => {
    expect(
      ['admit', 'admits', 'admitted', 'admitting', 'admission', 'admissions'].map(stem),
    ).toEqual(Array(6).fill('admit'));
    expect(['booking', 'patients', 'pharmacies', 'class'].map(stem)).toEqual([
      'book',
      'patient',
      'pharmacy',
      'class',
    ]);
  });

  it('ranks the route that does the job first for how-to questions (the built index)', () => {
    const index = loadIndex(DOCS_INDEX);
    const expected: [string, string | null, string][] = [
      ['how do I admit a patient', 'POST /admissions', 'propose-admission'],
      ['How do I register a patient?', 'POST /patients/register', 'register-patient'],
      ['how do I create an API key', 'POST /api-keys', ''],
      ['how can I add beds to a ward', 'POST /wards/{id}/beds', ''],
      ['how do I book an appointment', 'POST /appointments', 'book-appointment'],
    ];
    for (const [question, route, tool] of expected) {
      const answer = searchIndex(index, question);
      expect(answer.does?.route, question).toBe(route);
      if (tool) expect(answer.does?.tools, question).toContain(tool);
    }
    expect(searchIndex(index, 'what does 429 mean').passages[0]?.link).toMatch(/^docs\/.+\.md#/);
    expect(searchIndex(index, 'zzzzqqq')).toEqual({ passages: [], does: null });
  });

  it('weighs a route over prose, and a changing route over a reading one for how-to questions', () => {
    const passages: Passage[] = [
      {
        id: 0,
        title: 'Admitting',
        link: 'docs/x.md#admitting',
        text: 'How a ward admits a patient.',
        kind: 'doc',
      },
      {
        id: 1,
        title: 'GET /admissions',
        link: 'docs/routes.md#get-admissions',
        text: 'List admissions of a patient.',
        kind: 'route',
        route: 'GET /admissions',
        operation: 'admissions.list',
        tools: [],
      },
      {
        id: 2,
        title: 'POST /admissions',
        link: 'docs/routes.md#post-admissions',
        text: 'Admit a patient to a bed.',
        kind: 'route',
        route: 'POST /admissions',
        operation: 'admissions.admit',
        tools: [],
      },
    ];
    const index = loadIndex(buildIndex(passages));
    expect(searchIndex(index, 'how do I admit a patient').passages.map((p) => p.title)[0]).toBe(
      'POST /admissions',
    );
    expect(searchIndex(index, 'admissions list').does?.route).toBe('GET /admissions');
  });
});
