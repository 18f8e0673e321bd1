import { describe, expect, it } from 'vitest';
import {
  datedListIndexes,
  datedListQuery,
  equalityFilter,
} from '../../../shared/kernel/store/dated-lists';

const keys = {
  byDate: (d: string) => `DATE#${d}`,
  byDoctor: (id: string) => `DOCTOR#${id}`,
  byPatient: (id: string) => `PATIENT#${id}`,
};
// 2026-03-10 09:00 in Kolkata (UTC+05:30).
const now = new Date('2026-03-10T03:30:00.000Z');
const KOLKATA_DAY = { between: ['2026-03-09T18:30:00.000Z', '2026-03-10T18:29:59.999Z~'] };
const opts = { timeZone: 'Asia/Kolkata', now, partyFirst: 'doctor' as const };

describe('datedListQuery', () => {
  it("lists today's date partition without any filter", () => {
    expect(datedListQuery(keys, {}, opts)).toEqual({ index: 'gsi1', partition: 'DATE#2026-03-10' });
  });

  it('lists a given date by its partition, with status as a filter', () => {
    expect(datedListQuery(keys, { date: '2026-03-12', status: 'booked' }, opts)).toEqual({
      index: 'gsi1',
      partition: 'DATE#2026-03-12',
      filter: {
        expression: '#f_status = :f_status',
        names: { '#f_status': 'status' },
        values: { ':f_status': 'booked' },
      },
    });
  });

  it("lists a doctor's items across all dates, or one local day as a key range", () => {
    expect(datedListQuery(keys, { doctorId: 'd' }, opts)).toEqual({
      index: 'gsi2',
      partition: 'DOCTOR#d',
    });
    expect(datedListQuery(keys, { doctorId: 'd', date: '2026-03-10' }, opts)).toEqual({
      index: 'gsi2',
      partition: 'DOCTOR#d',
      range: KOLKATA_DAY,
    });
  });

  it('with both parties, narrows by the one named first and filters by the other', () => {
    expect(datedListQuery(keys, { doctorId: 'd', patientId: 'p' }, opts)).toEqual({
      index: 'gsi2',
      partition: 'DOCTOR#d',
      filter: {
        expression: '#f_patientId = :f_patientId',
        names: { '#f_patientId': 'patientId' },
        values: { ':f_patientId': 'p' },
      },
    });
    expect(
      datedListQuery(
        keys,
        { doctorId: 'd', patientId: 'p' },
        { ...opts, partyFirst: 'patient', newestFirst: true },
      ),
    ).toEqual({
      index: 'gsi3',
      partition: 'PATIENT#p',
      newestFirst: true,
      filter: {
        expression: '#f_doctorId = :f_doctorId',
        names: { '#f_doctorId': 'doctorId' },
        values: { ':f_doctorId': 'd' },
      },
    });
  });

  it('combines the other party and the status in one filter', () => {
    expect(
      datedListQuery(
        keys,
        { patientId: 'p', doctorId: 'd', status: 'completed' },
        { ...opts, partyFirst: 'patient' },
      ).filter,
    ).toEqual({
      expression: '#f_doctorId = :f_doctorId AND #f_status = :f_status',
      names: { '#f_doctorId': 'doctorId', '#f_status': 'status' },
      values: { ':f_doctorId': 'd', ':f_status': 'completed' },
    });
  });
});

describe('equalityFilter', () => {
  it('leaves out undefined fields, and is undefined when none is given', () => {
    expect(equalityFilter({ a: undefined, b: 0 })).toEqual({
      expression: '#f_b = :f_b',
      names: { '#f_b': 'b' },
      values: { ':f_b': 0 },
    });
    expect(equalityFilter({ a: undefined })).toBeUndefined();
  });
});

describe('datedListIndexes', () => {
  it('writes the layout datedListQuery reads: date, doctor and patient partitions, sorted by start and id', () => {
    expect(
      datedListIndexes(keys, {
        id: 'a-1',
        start: '2026-03-10T04:00:00.000Z',
        date: '2026-03-10',
        doctorId: 'd',
        patientId: 'p',
      }),
    ).toEqual({
      gsi1pk: 'DATE#2026-03-10',
      gsi1sk: '2026-03-10T04:00:00.000Z#a-1',
      gsi2pk: 'DOCTOR#d',
      gsi2sk: '2026-03-10T04:00:00.000Z#a-1',
      gsi3pk: 'PATIENT#p',
      gsi3sk: '2026-03-10T04:00:00.000Z#a-1',
    });
  });
});
