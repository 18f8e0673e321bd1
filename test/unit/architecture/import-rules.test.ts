/**
 * The layering the code base promises (docs/architecture.md), checked on every file's imports:
 * - the kernel imports nothing but the kernel;
 * - clinical rules import only the kernel and each other;
 * - a module reaches another module only through that module's index.ts, and nothing outside the
 *   modules reaches into one except through its index.ts, its operations.ts (the transports) or
 *   its credentials.ts (the authorizer's schema-free reads), so no module's store, keys or items
 *   are touched by anyone else;
 * - the domain (kernel, clinical, modules) and credential code import no transport (HTTP, REST
 *   groups, pages), except a module's declared binding layer: its manifest.ts and routes.ts (its
 *   REST group), which bind its operations to routes and capabilities, and the module list
 *   (shared/modules/index.ts); no domain file imports the binding layer;
 * - runtime code (shared, functions) imports no deploy-time code (lib) or entry point (bin);
 * - transports (REST: http, api, web, openapi; MCP; A2A) never import each other: what they share
 *   (authentication, the tenant-header rule, context, the log line, HTTP status answers, request
 *   helpers) lives in the edge (shared/edge), which imports no transport;
 * - credential primitives (shared/auth) import no module and no edge, so the modules may use them
 *   (passwords, tokens, key secrets) without an auth ↔ modules cycle;
 * - deploy-time code (lib) imports no entry point, handler or test, and from shared only
 *   declarations: never the edge, a transport's request code or the store beyond the table spec;
 *   the route manifest reaches lib/ only through lib/manifest.ts;
 * - runtime code imports zod only as the kernel's `zod/mini` (shared/kernel/zod.ts, which sets the
 *   English messages), and as a namespace: that lets a bundle shed the parts of zod it never uses.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return files(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The project files a file imports (relative specifiers, resolved to `x.ts` or `x/index.ts`). */
function importsOf(file: string): string[] {
  const source = readFileSync(join(ROOT, file), 'utf8');
  const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => m[1]!);
  return specifiers.map((spec) => {
    const target = relative(ROOT, resolve(join(ROOT, dirname(file)), spec));
    for (const candidate of [target, `${target}.ts`, join(target, 'index.ts')]) {
      try {
        if (statSync(join(ROOT, candidate)).isFile()) return candidate;
      } catch {
        // not this one
      }
    }
    throw new Error(`${file} imports ${spec}, which does not resolve`);
  });
}

const SHARED = files('shared').filter((f) => !f.startsWith('shared/web/client/'));
const moduleOf = (file: string) => /^shared\/modules\/([^/]+)\//.exec(file)?.[1];
/** A module's declared binding layer (its manifest and its REST group), and the module list. */
const isBinding = (file: string) =>
  /^shared\/modules\/[^/]+\/(manifest|routes)\.ts$/.test(file) ||
  file === 'shared/modules/index.ts';

function violations(
  from: (file: string) => boolean,
  bad: (target: string, file: string) => boolean,
  scope: readonly string[] = SHARED.concat(files('functions')),
): string[] {
  return scope.filter(from).flatMap((file) =>
    importsOf(file)
      .filter((t) => bad(t, file))
      .map((t) => `${file} → ${t}`),
  );
}

describe('import rules', () => {
  it('finds the modules and their imports (the rules below check something)', () => {
    expect(SHARED.filter((f) => moduleOf(f)).length).toBeGreaterThan(40);
    expect(importsOf('shared/modules/encounters/service.ts')).toContain(
      'shared/modules/appointments/index.ts',
    );
  });

  it('the kernel imports only the kernel', () => {
    expect(
      violations(
        (f) => f.startsWith('shared/kernel/'),
        (t) => !t.startsWith('shared/kernel/'),
      ),
    ).toEqual([]);
  });

  it('clinical rules import only the kernel and clinical rules', () => {
    expect(
      violations(
        (f) => f.startsWith('shared/clinical/'),
        (t) => !t.startsWith('shared/kernel/') && !t.startsWith('shared/clinical/'),
      ),
    ).toEqual([]);
  });

  it('a module reaches another module only through its index.ts (never its store)', () => {
    expect(
      violations(
        (f) => moduleOf(f) !== undefined,
        (t, f) =>
          moduleOf(t) !== undefined &&
          moduleOf(t) !== moduleOf(f) &&
          !t.endsWith('/index.ts') &&
          // A binding layer also binds other modules' operations (departments in the doctors group).
          !(isBinding(f) && t.endsWith('/operations.ts')),
      ),
    ).toEqual([]);
  });

  it('outside the modules, only index.ts, operations.ts, credentials.ts and actions.ts of a module are imported; manifests by the module list', () => {
    expect(
      violations(
        (f) => moduleOf(f) === undefined,
        (t, f) =>
          moduleOf(t) !== undefined &&
          // actions.ts: a module's HITL action types, registered one at a time by a caller that
          // needs only them (the demo generator proposes a prescription).
          !/\/(index|operations|credentials|actions)\.ts$/.test(t) &&
          !(
            /\/manifest\.ts$/.test(t) &&
            (f === 'shared/modules/index.ts' || f.endsWith('.generated.ts'))
          ),
      ),
    ).toEqual([]);
  });

  it('the domain and credential code import no transport (HTTP, REST groups, pages); only the binding layer does', () => {
    const domain = (f: string) =>
      /^shared\/(kernel|clinical|modules|auth)\//.test(f) && !isBinding(f);
    const transport = (t: string) => /^shared\/(http|api|web|agents|manifest)\//.test(t);
    expect(violations(domain, transport)).toEqual([]);
    // The rule sees the binding layer: every module's manifest binds something.
    expect(SHARED.filter(isBinding).length).toBeGreaterThan(30);
  });

  it("no domain code imports the binding layer (a module's manifest or routes, the module list)", () => {
    const domain = (f: string) =>
      /^shared\/(kernel|clinical|modules|auth)\//.test(f) && !isBinding(f);
    expect(violations(domain, isBinding)).toEqual([]);
  });

  it('credential views import no schemas (the authorizer bundles no zod)', () => {
    const credentials = SHARED.filter((f) => f.endsWith('/credentials.ts'));
    expect(credentials.length).toBeGreaterThan(2);
    for (const file of credentials) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      expect(source, file).not.toMatch(/from '(zod|zod\/[^']*|[./]*kernel\/zod)'/);
      // Only type imports of a module's store or schemas, which vanish from the bundle.
      expect(source, file).not.toMatch(/^import \{[^}]*\} from '\.\/(store|schemas)'/m);
    }
  });

  it("runtime code imports zod only through the kernel's zod/mini, as a namespace", () => {
    const runtime = SHARED.concat(files('functions')).filter((f) => f !== 'shared/kernel/zod.ts');
    const bad = runtime.flatMap((file) => {
      const source = readFileSync(join(ROOT, file), 'utf8');
      return [...source.matchAll(/^import\s+([^;]*?)\s+from\s+'([^']+)'/gm)]
        .filter(
          ([, what, spec]) =>
            /^zod(\/|$)/.test(spec!) ||
            (/(^|\/)kernel\/zod$|^\.{1,2}\/zod$/.test(spec!) &&
              !/^(type\s+)?\*\s+as\s+z$/.test(what!)),
        )
        .map(([statement]) => `${file}: ${statement}`);
    });
    expect(bad).toEqual([]);
    // The rule sees the imports: most schema files import the kernel's zod.
    expect(
      runtime.filter((f) => /from '[./]*(kernel\/)?zod'/.test(readFileSync(join(ROOT, f), 'utf8')))
        .length,
    ).toBeGreaterThan(30);
  });

  it('runtime code imports no deploy-time code or entry point', () => {
    expect(
      violations(
        () => true,
        (t) => t.startsWith('lib/') || t.startsWith('bin/'),
      ),
    ).toEqual([]);
  });

  describe('transports and the edge', () => {
    const TRANSPORTS: Record<string, RegExp> = {
      rest: /^(shared\/(http|api|web|openapi)\/|functions\/(?!mcp\/|a2a\/|agent-action|authorizer\/))/,
      mcp: /^(shared\/mcp\/|functions\/mcp\/)/,
      a2a: /^(shared\/a2a\/|functions\/a2a\/)/,
    };
    const transportOf = (file: string) =>
      Object.entries(TRANSPORTS).find(([, pattern]) => pattern.test(file))?.[0];

    it('finds the transports (the rule below checks something)', () => {
      expect(transportOf('shared/mcp/function-url.ts')).toBe('mcp');
      expect(transportOf('shared/a2a/handler.ts')).toBe('a2a');
      expect(transportOf('shared/http/rest-handler.ts')).toBe('rest');
      expect(transportOf('functions/patients/handler.ts')).toBe('rest');
      expect(importsOf('shared/mcp/function-url.ts')).toContain('shared/edge/pipeline.ts');
    });

    it('no transport imports another', () => {
      expect(
        violations(
          (f) => transportOf(f) !== undefined,
          (t, f) => transportOf(t) !== undefined && transportOf(t) !== transportOf(f),
        ),
      ).toEqual([]);
    });

    it('the edge imports no transport', () => {
      expect(
        violations(
          (f) => f.startsWith('shared/edge/'),
          (t) => transportOf(t) !== undefined,
        ),
      ).toEqual([]);
    });

    it('credential primitives import no module and no edge (no auth ↔ modules cycle)', () => {
      expect(
        violations(
          (f) => f.startsWith('shared/auth/'),
          (t) => t.startsWith('shared/modules/') || t.startsWith('shared/edge/'),
        ),
      ).toEqual([]);
      // The modules do use them: the rule is what keeps the edge one-way.
      expect(importsOf('shared/modules/api-keys/service.ts')).toContain(
        'shared/auth/api-key-secret.ts',
      );
    });
  });

  describe('deploy-time code (lib)', () => {
    const LIB = files('lib');
    const fromLib = (bad: (target: string, file: string) => boolean) =>
      violations(() => true, bad, LIB);

    it('finds lib and its imports', () => {
      expect(LIB.length).toBeGreaterThan(10);
      expect(importsOf('lib/manifest.ts')).toContain('shared/modules/index.ts');
    });

    it('imports no entry point, function handler or test', () => {
      expect(fromLib((t) => /^(bin|functions|test)\//.test(t))).toEqual([]);
    });

    it("imports from shared only declarations: no edge, no transport's request code, no store client", () => {
      const requestCode = (t: string) =>
        t.startsWith('shared/edge/') ||
        t.startsWith('shared/a2a/') ||
        (t.startsWith('shared/mcp/') && t !== 'shared/mcp/function.ts') ||
        /^shared\/http\/(rest-|respond|errors)/.test(t) ||
        (t.startsWith('shared/kernel/store/') &&
          t !== 'shared/kernel/store/table.ts' &&
          // What IAM must know about keys (tenant session tag, global lookups, audit partitions).
          t !== 'shared/kernel/store/isolation.ts');
      expect(fromLib(requestCode)).toEqual([]);
    });

    it('the route manifest reaches lib/ only through lib/manifest.ts', () => {
      expect(
        fromLib((t, f) => /^shared\/(api\/|http\/route\.ts$)/.test(t) && f !== 'lib/manifest.ts'),
      ).toEqual([]);
    });
  });
});
