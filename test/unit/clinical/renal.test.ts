import { describe, expect, it } from 'vitest';
import { kdigoAki } from '../../../shared/clinical/aki';
import { ckdEpi2021 } from '../../../shared/clinical/egfr';

describe('eGFR, CKD-EPI 2021 (Inker et al. 2021)', () => {
  // Creatinine in µmol/L (mg/dL × 88.4), expected eGFR worked out by hand from the published
  // equation and rounded to whole mL/min/1.73 m².
  const table: [number, number, 'male' | 'female', number][] = [
    [88.4, 50, 'male', 92],
    [88.4, 50, 'female', 69],
    [61.9, 40, 'female', 112],
    [79.6, 40, 'male', 111],
    [176.8, 70, 'male', 35],
    [176.8, 70, 'female', 26],
    [265.2, 60, 'male', 23],
  ];
  for (const [scr, age, sex, egfr] of table) {
    it(`${scr} µmol/L, ${age} y, ${sex} → ${egfr}`, () => {
      expect(ckdEpi2021(scr, age, sex)).toEqual({ egfr, reason: null });
    });
  }
  it('is not given under 18 or without a binary sex', () => {
    expect(ckdEpi2021(88.4, 17, 'male').egfr).toBeNull();
    expect(ckdEpi2021(88.4, 18, 'male').egfr).toBe(112);
    expect(ckdEpi2021(88.4, 50, 'unknown').reason).toMatch(/male or female/);
  });
});

describe('AKI, KDIGO 2012 creatinine criteria', () => {
  const at = (h: number) => new Date(Date.UTC(2026, 0, 10) + h * 3_600_000).toISOString();
  it('a rise of 26.5 µmol/L within 48 hours is AKI stage 1; 26.4 is not', () => {
    expect(
      kdigoAki([
        { umolPerL: 100, at: at(0) },
        { umolPerL: 126.5, at: at(48) },
      ])?.stage,
    ).toBe(1);
    expect(
      kdigoAki([
        { umolPerL: 100, at: at(0) },
        { umolPerL: 126.4, at: at(48) },
      ]),
    ).toBeNull();
  });
  it('the same rise over more than 48 hours is not (below 1.5 × baseline)', () => {
    expect(
      kdigoAki([
        { umolPerL: 100, at: at(0) },
        { umolPerL: 130, at: at(49) },
      ]),
    ).toBeNull();
  });
  it('1.5 × the 7-day baseline is AKI; 1.49 × is not; older than 7 days is no baseline', () => {
    expect(
      kdigoAki([
        { umolPerL: 60, at: at(0) },
        { umolPerL: 90, at: at(7 * 24) },
      ])?.stage,
    ).toBe(1);
    expect(
      kdigoAki([
        { umolPerL: 60, at: at(0) },
        { umolPerL: 89.4, at: at(7 * 24) },
      ]),
    ).toBeNull();
    expect(
      kdigoAki([
        { umolPerL: 60, at: at(0) },
        { umolPerL: 90, at: at(7 * 24 + 1) },
      ]),
    ).toBeNull();
  });
  it('stages: 2.0 × → 2, 1.99 × → 1, 3.0 × → 3, 353.6 µmol/L → 3', () => {
    const stage = (base: number, now: number) =>
      kdigoAki([
        { umolPerL: base, at: at(0) },
        { umolPerL: now, at: at(72) },
      ])?.stage;
    expect(stage(100, 200)).toBe(2);
    expect(stage(100, 199)).toBe(1);
    expect(stage(100, 300)).toBe(3);
    expect(stage(100, 299)).toBe(2);
    expect(stage(300, 353.6)).toBeUndefined(); // no criterion met: 1.18 ×, over 48 h
    expect(
      kdigoAki([
        { umolPerL: 320, at: at(0) },
        { umolPerL: 353.6, at: at(24) },
      ])?.stage,
    ).toBe(3);
    expect(
      kdigoAki([
        { umolPerL: 320, at: at(0) },
        { umolPerL: 353.5, at: at(24) },
      ])?.stage,
    ).toBe(1);
  });
  it('the baseline is the lowest value of the 7 days before the latest', () => {
    const r = kdigoAki([
      { umolPerL: 80, at: at(0) },
      { umolPerL: 100, at: at(24) },
      { umolPerL: 160, at: at(100) },
    ]);
    expect(r?.baseline?.umolPerL).toBe(80);
    expect(r?.stage).toBe(2);
  });
  it('one value, no AKI', () => {
    expect(kdigoAki([{ umolPerL: 400, at: at(0) }])).toBeNull();
    expect(kdigoAki([])).toBeNull();
  });
});
