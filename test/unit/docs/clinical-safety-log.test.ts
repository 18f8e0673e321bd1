/**
 * The hazard log (docs/clinical-safety.md) names, for each hazard, the tests that prove its
 * controls: every control row names its tests (or "same" as the row above, or "see Hnn" of a hazard
 * that exists), every test file it cites must exist and every test name it quotes must be in that
 * file (a name may be shortened with "…"), so the log cannot drift from the suite.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const LOG = readFileSync('docs/clinical-safety.md', 'utf8');
const CITATION = /`((?:unit|integration|browser)\/[\w./-]+\.test\.ts)`([^`|]*)/g;

function citations(text: string) {
  return [...text.matchAll(CITATION)].map((m) => ({
    file: `test/${m[1]}`,
    names: [...(m[2] ?? '').matchAll(/"([^"]+)"/g)].map((n) => n[1]!),
  }));
}

describe('the clinical hazard log', () => {
  const hazards = LOG.split(/\n## (?=H\d\d )/).slice(1);

  it('lists its hazards, each with controls proven by named tests', () => {
    expect(hazards.map((h) => h.slice(0, 3))).toEqual(
      Array.from({ length: 18 }, (_, i) => `H${String(i + 1).padStart(2, '0')}`),
    );
    for (const hazard of hazards) {
      const cited = citations(hazard);
      expect(cited.length, hazard.split('\n')[0]).toBeGreaterThan(0);
      expect(
        cited.some((c) => c.names.length > 0),
        hazard.split('\n')[0],
      ).toBe(true);
    }
  });

  it('names tests for every control, or the hazard whose row holds them', () => {
    const ids = new Set(hazards.map((h) => h.slice(0, 3)));
    for (const hazard of hazards) {
      const title = hazard.split('\n')[0];
      const rows = hazard
        .split('\n')
        .filter((l) => l.startsWith('| ') && !/^\| (Control|---)/.test(l) && !l.startsWith('|---'));
      // A row's tests: cited in its Tests cell, "same" as the row above's, or "see Hnn".
      let above = false;
      for (const row of rows) {
        const tests = row.split(' | ').at(-1) ?? '';
        const refers = [...tests.matchAll(/\bsee (H\d\d)\b/g)].map((m) => m[1]!);
        const named: boolean =
          citations(tests).length > 0 ||
          (/^same\b/.test(tests.trim()) && above) ||
          (refers.length > 0 && refers.every((id) => ids.has(id)));
        expect(named, `${title}: ${row.slice(0, 80)}`).toBe(true);
        above = named;
      }
    }
  });

  it('cites test files that exist and test names they contain', () => {
    const all = citations(LOG);
    expect(all.length).toBeGreaterThan(40);
    for (const { file, names } of all) {
      expect(existsSync(file), file).toBe(true);
      const source = readFileSync(file, 'utf8');
      for (const name of names)
        for (const part of name
          .split('…')
          .map((p) => p.trim())
          .filter(Boolean))
          expect(source.includes(part), `${file}: "${name}"`).toBe(true);
    }
  });
});
