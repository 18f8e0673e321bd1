import { describe, expect, it } from 'vitest';
import { extract } from '../../../shared/a2a/extract';

const TODAY = '2026-11-23';
const P = '6f1c2a9e-1b2c-4d3e-8f90-0a1b2c3d4e5f';
const D = '0a9e7d3c-5b4a-4c2d-9e8f-7a6b5c4d3e2f';

describe('A2A text parsers', () => {
  it.each([
    ['Look up MRN-000042', ['MRN-000042']],
    ['look up mrn 0001234 please', ['MRN-0001234']],
    ['MRN000777 and MRN-123456', ['MRN-000777', 'MRN-123456']],
    ['MRN-12 is too short', []],
  ])('MRNs: %s', (text, mrns) => {
    expect(extract(text, TODAY).mrns).toEqual(mrns);
  });

  it.each([
    ['phone +91 98450 12345', ['+919845012345']],
    ['call 98450-12345', ['9845012345']],
    ['number 022.2345.6789 at the desk', ['02223456789']],
    ['born 1984-03-12', []],
    ['on 24/11/2026 at 10:30', []],
    ['token 12', []],
  ])('phones: %s', (text, phones) => {
    expect(extract(text, TODAY).phones).toEqual(phones);
  });

  it.each([
    ['on 2026-11-24', ['2026-11-24']],
    ['on 24/11/2026', ['2026-11-24']],
    ['on 24 Nov 2026', ['2026-11-24']],
    ['on November 24th, 2026', ['2026-11-24']],
    ['today', ['2026-11-23']],
    ['tomorrow', ['2026-11-24']],
    ['yesterday', ['2026-11-22']],
    ['on 2026-02-30', []],
    ['on 31/02/2026', []],
  ])('dates in the hospital calendar: %s', (text, dates) => {
    expect(extract(text, TODAY).dates).toEqual(dates);
  });

  it.each([
    ['at 10:30', ['10:30']],
    ['at 9.15 am', ['09:15']],
    ['at 2:05 pm', ['14:05']],
    ['at 12 am', ['00:00']],
    ['at 4pm', ['16:00']],
    ['at 25:00', []],
  ])('times: %s', (text, times) => {
    expect(extract(text, TODAY).times).toEqual(times);
  });

  it('reads an ISO instant as one value, not a date, a time and a phone', () => {
    const found = extract('at 2026-11-24T10:00:00+05:30 for fever', TODAY);
    expect(found.instants).toEqual(['2026-11-24T10:00:00+05:30']);
    expect(found.dates).toEqual([]);
    expect(found.times).toEqual([]);
    expect(found.phones).toEqual([]);
  });

  it('labels ids by the word before them', () => {
    const found = extract(`Book patient ${P} with Dr. ${D.toUpperCase()} tomorrow`, TODAY);
    expect(found.ids).toEqual([
      { value: P, label: 'patient' },
      { value: D, label: 'doctor' },
    ]);
    expect(extract(`show ${P}`, TODAY).ids).toEqual([{ value: P }]);
    expect(found.phones).toEqual([]);
  });

  it('reads a registration: name, sex, date of birth apart from other dates, phone', () => {
    const found = extract(
      'Register Ravi Kumar, male, born 12/03/1984, phone +91 98450 12345, visit on 2026-11-24',
      TODAY,
    );
    expect(found).toMatchObject({
      name: 'Ravi Kumar',
      sex: 'male',
      dateOfBirth: '1984-03-12',
      phones: ['+919845012345'],
      dates: ['2026-11-24'],
    });
  });

  it.each([
    ['Find patient Asha Verma', 'Asha Verma'],
    ['a new patient named "Meera Iyer" please', 'Meera Iyer'],
    [`find patient with doctor ${D}`, undefined],
    ['register patient', undefined],
  ])('names: %s', (text, name) => {
    expect(extract(text, TODAY).name).toBe(name);
  });

  it.each([
    ['Cancel it because the patient is travelling.', 'the patient is travelling'],
    ['cancel, reason: clash with surgery', 'clash with surgery'],
    ['book at 10:30 for fever and cough', 'fever and cough'],
    ['book for tomorrow', undefined],
  ])('reasons: %s', (text, reason) => {
    expect(extract(text, TODAY).reason).toBe(reason);
  });

  it.each([
    ['female', 'female'],
    ['a woman', 'female'],
    ['Male', 'male'],
    ['other', 'other'],
  ])('sex: %s', (text, sex) => {
    expect(extract(text, TODAY).sex).toBe(sex);
  });

  it.each([
    ['Roster ward W3 for 28 days from 2027-02-01', { ward: 'W3', days: 28 }],
    ['Please roster the ward for 4 weeks', { days: 28 }],
    ['Who is on duty on ward 3?', { ward: '3' }],
    ['the next case in theatre OT2', { theatre: 'OT2' }],
    ['the next case in the theatre', {}],
    ['Tick site-marked for case 6f1c2a9e-1b2c-4d3e-8f90-0a1b2c3d4e5f', { item: 'site-marked' }],
  ])('codes and lengths: %s', (text, want) => {
    const found = extract(text, TODAY);
    const got = { ward: found.ward, theatre: found.theatre, days: found.days, item: found.item };
    expect(Object.fromEntries(Object.entries(got).filter(([, v]) => v !== undefined))).toEqual(
      want,
    );
  });

  it('labels a case id by the word before it', () => {
    expect(extract(`case ${P}`, TODAY).ids).toEqual([{ value: P, label: 'case' }]);
  });
});
