/**
 * A vitest reporter that prints, at the end of a run of more than one file, the ten test files
 * that took longest and where their time went: `import` is loading the file and everything it
 * imports (for an integration file in a fresh worker, most of the service), `tests` is its hooks
 * and tests (the local runtime starts in a hook). The suite must stay fast as it grows (issue 15);
 * this list says which files to look at first.
 */
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTime {
  file: string;
  project: string;
  /** Preparing the worker, its environment and the setup files. */
  setupMs: number;
  /** Importing the test file and everything it imports, and collecting its tests. */
  importMs: number;
  /** The file's hooks and tests. */
  testsMs: number;
  totalMs: number;
}

export function fileTime(module: TestModule): FileTime {
  const d = module.diagnostic();
  const setupMs = d.environmentSetupDuration + d.prepareDuration + d.setupDuration;
  return {
    file: module.relativeModuleId,
    project: module.project.name,
    setupMs,
    importMs: d.collectDuration,
    testsMs: d.duration,
    totalMs: setupMs + d.collectDuration + d.duration,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

/** The report's lines: the slowest `count` files, then the sums per project. */
export function slowestFilesReport(times: readonly FileTime[], count = 10): string[] {
  const slowest = [...times].sort((a, b) => b.totalMs - a.totalMs).slice(0, count);
  const lines = [
    `Slowest ${slowest.length} of ${times.length} test files (total = setup + import + tests):`,
    ...slowest.map(
      (t) =>
        `${seconds(t.totalMs)} ${t.file} [${t.project}] (setup ${seconds(t.setupMs).trim()}, import ${seconds(t.importMs).trim()}, tests ${seconds(t.testsMs).trim()})`,
    ),
  ];
  const projects = new Map<string, FileTime[]>();
  for (const t of times) projects.set(t.project, [...(projects.get(t.project) ?? []), t]);
  lines.push('Per project (summed over files, so more than the wall time with parallel workers):');
  for (const [project, list] of [...projects].sort(([a], [b]) => a.localeCompare(b))) {
    const sum = (pick: (t: FileTime) => number) => list.reduce((s, t) => s + pick(t), 0);
    lines.push(
      `  ${(project || '(default)').padEnd(18)} ${String(list.length).padStart(4)} files ${seconds(sum((t) => t.totalMs))} (setup ${seconds(sum((t) => t.setupMs)).trim()}, import ${seconds(sum((t) => t.importMs)).trim()}, tests ${seconds(sum((t) => t.testsMs)).trim()})`,
    );
  }
  return lines;
}

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (modules.length < 2) return;
    process.stdout.write(`\n${slowestFilesReport(modules.map(fileTime)).join('\n')}\n`);
  }
}
