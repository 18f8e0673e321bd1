import { describe, expect, it } from 'vitest';
import { type FileTime, slowestFilesReport } from '../../support/slowest-files';

const t = (
  file: string,
  project: string,
  setupMs: number,
  importMs: number,
  testsMs: number,
): FileTime => ({
  file,
  project,
  setupMs,
  importMs,
  testsMs,
  totalMs: setupMs + importMs + testsMs,
});

describe('the slowest files report', () => {
  it('lists the slowest files first, with where their time went, then the sums per project', () => {
    const times = [
      t('test/unit/a.test.ts', 'unit', 10, 200, 40),
      t('test/integration/b.test.ts', 'integration', 0, 2_900, 14_100),
      t('test/integration/c.test.ts', 'integration', 50, 50, 900),
      t('test/cdk/d.test.ts', 'cdk', 0, 4_000, 11_800),
    ];
    expect(slowestFilesReport(times, 3)).toEqual([
      'Slowest 3 of 4 test files (total = setup + import + tests):',
      '  17.0 s test/integration/b.test.ts [integration] (setup 0.0 s, import 2.9 s, tests 14.1 s)',
      '  15.8 s test/cdk/d.test.ts [cdk] (setup 0.0 s, import 4.0 s, tests 11.8 s)',
      '   1.0 s test/integration/c.test.ts [integration] (setup 0.1 s, import 0.1 s, tests 0.9 s)',
      'Per project (summed over files, so more than the wall time with parallel workers):',
      '  cdk                   1 files   15.8 s (setup 0.0 s, import 4.0 s, tests 11.8 s)',
      '  integration           2 files   18.0 s (setup 0.1 s, import 3.0 s, tests 15.0 s)',
      '  unit                  1 files    0.3 s (setup 0.0 s, import 0.2 s, tests 0.0 s)',
    ]);
  });
});
