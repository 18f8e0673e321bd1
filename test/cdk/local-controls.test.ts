/**
 * `npm start`'s development controls (bin/local/control.ts: move the clock, run the agent actions
 * job) exist only in the local runtime. The deployed stack has no route, API resource or function
 * for them, and no deployed code can move the clock.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { App, NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { LOCAL_CONTROL_PREFIX } from '../../bin/local/control';
import { eventFunctionSpecs } from '../../lib/events-stack';
import { functionSpecs, PROJECT_ROOT } from '../../lib/function-specs';
import { HospitalStack } from '../../lib/hospital-stack';
import { readSettings } from '../../lib/settings';
import { allRoutes } from '../../shared/api/index';

function synthesised(): Record<string, unknown>[] {
  const { context } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const app = new App({
    context: { ...context, 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
  const top = new HospitalStack(app, 'HospitalTest', { settings: readSettings(app.node) });
  const stacks: Stack[] = [
    top,
    ...top.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack),
  ];
  return stacks.map((s) => Template.fromStack(s).toJSON());
}

function sources(dir: string): string[] {
  return readdirSync(join(PROJECT_ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(PROJECT_ROOT, path)).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('the local controls are not deployed', () => {
  it('no route of the manifest is under /_local/', () => {
    const local = allRoutes().filter((r) => r.path.startsWith(LOCAL_CONTROL_PREFIX));
    expect(local).toEqual([]);
  });

  it('no API resource, function or anything else in any template names /_local or the controls', () => {
    const templates = synthesised();
    expect(templates.length).toBeGreaterThan(3);
    const pathParts = templates.flatMap((t) =>
      Object.values((t.Resources ?? {}) as Record<string, { Type: string; Properties?: any }>)
        .filter((r) => r.Type === 'AWS::ApiGateway::Resource')
        .map((r) => String(r.Properties?.PathPart)),
    );
    expect(pathParts.length).toBeGreaterThan(10);
    expect(pathParts.filter((p) => p.startsWith('_local'))).toEqual([]);
    for (const t of templates) {
      const text = JSON.stringify(t);
      expect(text).not.toContain('_local');
      expect(text).not.toMatch(/local[-_ ]?control/i);
    }
  });

  it('every function is built from functions/, never from the local runtime (bin/)', () => {
    const entries = [...functionSpecs(), ...eventFunctionSpecs()].map((s) => s.entry);
    expect(entries.length).toBeGreaterThan(5);
    for (const entry of entries) expect(entry).toMatch(/^functions\//);
  });

  it('no deployed code moves the clock: shiftClock is called only by the local runtime and tests', () => {
    const callers = ['shared', 'functions', 'lib']
      .flatMap(sources)
      .filter((f) => f !== 'shared/kernel/clock.ts')
      .filter((f) => /\bshiftClock\b/.test(readFileSync(join(PROJECT_ROOT, f), 'utf8')));
    expect(callers).toEqual([]);
  });
});
