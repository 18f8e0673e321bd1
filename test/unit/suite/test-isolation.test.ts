/**
 * The suite's layout (vitest.config.ts): only the projects that talk to DynamoDB Local start it,
 * every test file belongs to exactly one project, and a file that runs in a worker shared with
 * other files does not leave a module mock or an AWS client mock behind for the next file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { OWN_PROCESS, PROJECTS } from '../../../vitest.config';

const ROOT = resolve(import.meta.dirname, '../../..');

function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return testFiles(path);
    return path.endsWith('.test.ts') ? [path] : [];
  });
}

const folderOf = (include: string) => include.slice(0, include.indexOf('/**'));
const projects = (config.test?.projects ?? []) as {
  test: {
    name: string;
    include: string[];
    exclude?: string[];
    isolate?: boolean;
    globalSetup?: string[];
  };
}[];

describe('test projects', () => {
  it('are unit, cdk, integration and browser, and only integration and browser start DynamoDB Local', () => {
    const byName = Object.fromEntries(projects.map((p) => [p.test.name, p.test]));
    expect(Object.keys(byName).sort()).toEqual([
      'browser',
      'cdk',
      'integration',
      'integration-own-process',
      'unit',
      'unit-own-process',
    ]);
    for (const name of ['unit', 'unit-own-process', 'cdk'])
      expect(byName[name]!.globalSetup, name).toBeUndefined();
    for (const name of ['integration', 'integration-own-process', 'browser'])
      expect(byName[name]!.globalSetup, name).toEqual(['test/support/global-setup.ts']);
    // One module graph per worker, except for the files listed as needing a process of their own.
    for (const name of ['unit', 'cdk', 'integration', 'browser'])
      expect(byName[name]!.isolate, name).toBe(false);
    expect(byName['unit-own-process']!.isolate).toBe(true);
    expect(byName['integration-own-process']!.isolate).toBe(true);
    // One worker per core: vitest's default (cores - 1) is a single worker on two cores.
    expect(config.test?.maxWorkers).toBe(availableParallelism());
  });

  it('hold every test file exactly once', () => {
    const all = ['test/unit', 'test/cdk', 'test/integration', 'test/browser'].flatMap(testFiles);
    expect(all.length).toBeGreaterThan(100);
    for (const file of all) {
      const holders = projects.filter(
        (p) =>
          p.test.include.some((inc) => inc === file || file.startsWith(`${folderOf(inc)}/`)) &&
          !(p.test.exclude ?? []).includes(file),
      );
      expect(
        holders.map((p) => p.test.name),
        file,
      ).toHaveLength(1);
    }
    for (const file of OWN_PROCESS) expect(all, `${file} is listed but missing`).toContain(file);
  });

  it('a file that mocks a module, an AWS client without restoring it, or takes the event bus client over, has a process of its own', () => {
    const shared = PROJECTS.flatMap((p) => testFiles(folderOf(p.include)));
    const offenders = shared.filter((file) => {
      if (OWN_PROCESS.includes(file)) return false;
      const source = readFileSync(join(ROOT, file), 'utf8');
      const mocksModule = /\bvi\.(mock|doMock|unmock)\(/.test(source);
      const mocksClient = /\bmockClient\(/.test(source) && !/\.restore\(\)/.test(source);
      // The process's EventBridge client and bus name are the shared runtime's in-process bus.
      const takesBusOver = /\buseEventBusClient\(/.test(source);
      return mocksModule || mocksClient || takesBusOver;
    });
    expect(offenders).toEqual([]);
  });
});
