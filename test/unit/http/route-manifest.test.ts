import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ROLES } from '../../../shared/kernel/roles';
import { isScope, SCOPES } from '../../../shared/kernel/scopes';
import { isPublic } from '../../../shared/http/route';
import { allRoutes, GROUPS } from '../../../shared/api/index';

// Iterates the live manifest, so routes added later are checked too.
const routes = allRoutes();
const label = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
/**
 * True when the schema refuses an unknown key with an `unrecognized_keys` issue (a strict object),
 * looking through unions (every alternative must be strict) and pipes/transforms (the input side).
 */
function unknownKeysRejected(schema: z.ZodType): boolean {
  if (schema instanceof z.ZodUnion)
    return (schema.options as z.ZodType[]).every(unknownKeysRejected);
  if (schema instanceof z.ZodPipe) return unknownKeysRejected(schema.in as z.ZodType);
  const res = schema.safeParse({ __definitely_unknown_key__: 1 });
  return !res.success && res.error.issues.some((i) => i.code === 'unrecognized_keys');
}

const templateParams = (path: string) => [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);

describe('route manifest', () => {
  it('has routes, and every group contributes at least one', () => {
    expect(routes.length).toBeGreaterThan(0);
    for (const g of GROUPS)
      expect(
        routes.some((r) => r.group === g.name),
        g.name,
      ).toBe(true);
  });

  it('gives every route a summary and a tag', () => {
    for (const r of routes) {
      expect(
        typeof r.summary === 'string' && r.summary.trim().length > 0,
        `${label(r)} summary`,
      ).toBe(true);
      expect(typeof r.tag === 'string' && r.tag.trim().length > 0, `${label(r)} tag`).toBe(true);
    }
  });

  it('uses well-formed path templates', () => {
    for (const r of routes) {
      expect(r.path, label(r)).toMatch(
        /^\/(?:[A-Za-z0-9._~-]+|\{[A-Za-z_][A-Za-z0-9_]*\})?(?:\/(?:[A-Za-z0-9._~-]+|\{[A-Za-z_][A-Za-z0-9_]*\}))*$/,
      );
      expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).toContain(r.method);
    }
  });

  it('never declares the same method and path twice (also after normalising parameter names)', () => {
    const seen = new Map<string, string>();
    for (const r of routes) {
      const key = `${r.method} ${r.path.replace(/\{[^}]*\}/g, '{}')}`;
      expect(
        seen.get(key),
        `${label(r)} (${r.group}.${r.name}) duplicates ${seen.get(key)}`,
      ).toBeUndefined();
      seen.set(key, `${r.group}.${r.name}`);
    }
  });

  it('has a params schema key for every path parameter, and no extra keys', () => {
    for (const r of routes) {
      const inPath = templateParams(r.path).sort();
      if (!r.params) {
        expect(inPath, `${label(r)} has path parameters but no params schema`).toEqual([]);
        continue;
      }
      expect(r.params, `${label(r)} params must be a zod object`).toBeInstanceOf(z.ZodObject);
      const keys = Object.keys((r.params as z.ZodObject).shape).sort();
      expect(keys, label(r)).toEqual(inPath);
      expect(keys.length, `${label(r)} declares params but has no path parameters`).toBeGreaterThan(
        0,
      );
    }
  });

  it('uses only catalogued scopes (or any) on non-public routes', () => {
    for (const r of routes) {
      if (isPublic(r.access) || r.access.scope === undefined) continue;
      const scope = r.access.scope;
      expect(
        scope === 'any' || (isScope(scope) && Object.hasOwn(SCOPES, scope)),
        `${label(r)} scope ${scope}`,
      ).toBe(true);
    }
  });

  it('uses only known roles on non-public routes', () => {
    for (const r of routes) {
      if (isPublic(r.access)) continue;
      const roles = r.access.roles;
      if (roles === 'any') continue;
      expect(Array.isArray(roles), label(r)).toBe(true);
      for (const role of roles)
        expect(ROLES as readonly string[], `${label(r)} role ${role}`).toContain(role);
    }
  });

  it('declares no body on GET routes', () => {
    for (const r of routes.filter((x) => x.method === 'GET'))
      expect(r.body, label(r)).toBeUndefined();
  });

  it('rejects unknown keys in every body schema', () => {
    for (const r of routes) {
      if (!r.body) continue;
      const res = r.body.safeParse({ __definitely_unknown_key__: 1 });
      expect(res.success, `${label(r)} accepted an unknown key`).toBe(false);
      expect(
        unknownKeysRejected(r.body),
        `${label(r)} must reject unknown keys (use z.strictObject) in every alternative`,
      ).toBe(true);
    }
  });

  it('declares a success status in the 2xx range and html only for GET', () => {
    for (const r of routes) {
      const status = r.status ?? 200;
      expect(status >= 200 && status < 300, label(r)).toBe(true);
      if (r.produces === 'html') expect(r.method, label(r)).toBe('GET');
    }
  });
});
