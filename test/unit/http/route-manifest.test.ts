import { describe, expect, it } from 'vitest';
import { allRoutes, GROUPS } from '../../../shared/api/index';
import {
  isPublicRoute,
  type OperationRoute,
  pathParams,
  routeName,
  routeSummary,
} from '../../../shared/http/route';
import { ROLES } from '../../../shared/kernel/roles';
import { isScope, SCOPES } from '../../../shared/kernel/scopes';
import * as z from '../../../shared/kernel/zod';

// Iterates the live manifest, so routes added later are checked too.
const routes = allRoutes();
const operations = routes.filter(
  (r): r is OperationRoute & { group: string; module: string } => r.kind === 'operation',
);
const label = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/**
 * True when the schema refuses an unknown key with an `unrecognized_keys` issue (a strict object),
 * looking through unions (every alternative must be strict) and pipes/transforms (the input side).
 */
function unknownKeysRejected(schema: z.core.$ZodType): boolean {
  if (schema instanceof z.core.$ZodUnion) return schema._zod.def.options.every(unknownKeysRejected);
  if (schema instanceof z.core.$ZodPipe) return unknownKeysRejected(schema._zod.def.in);
  const res = z.safeParse(schema, { __definitely_unknown_key__: 1 });
  return !res.success && res.error.issues.some((i) => i.code === 'unrecognized_keys');
}

/** The input fields an operation declares (every alternative of a union). */
function inputKeys(schema: z.core.$ZodType): string[] {
  if (schema instanceof z.core.$ZodUnion) return schema._zod.def.options.flatMap(inputKeys);
  if (schema instanceof z.core.$ZodObject) return Object.keys(schema._zod.def.shape);
  return [];
}

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
      expect(routeSummary(r).trim().length > 0, `${label(r)} summary`).toBe(true);
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
        `${label(r)} (${routeName(r)}) duplicates ${seen.get(key)}`,
      ).toBeUndefined();
      seen.set(key, routeName(r));
    }
  });

  it("binds every path parameter to a field of the operation's input", () => {
    for (const r of operations) {
      const keys = inputKeys(r.op.input);
      for (const param of pathParams(r.path))
        expect(keys, `${label(r)} {${param}}`).toContain(param);
    }
  });

  it('puts a body under a field the input declares, and never on GET or DELETE', () => {
    for (const r of operations) {
      if (r.method === 'GET' || r.method === 'DELETE') expect(r.body, label(r)).toBeNull();
      else expect(r.body, label(r)).not.toBeNull();
      if (r.body !== null && r.body !== 'fields')
        expect(inputKeys(r.op.input), label(r)).toContain(r.body.field);
    }
  });

  it('uses only catalogued scopes (or any) and known roles on protected operations', () => {
    for (const r of operations) {
      const { access } = r.op;
      if (access.public) continue;
      if (access.scope !== undefined) {
        expect(
          access.scope === 'any' || (isScope(access.scope) && Object.hasOwn(SCOPES, access.scope)),
          `${label(r)} scope ${access.scope}`,
        ).toBe(true);
      }
      if (access.roles === 'any') continue;
      for (const role of access.roles)
        expect(ROLES as readonly string[], `${label(r)} role ${role}`).toContain(role);
    }
  });

  it("rejects unknown keys in every operation's input", () => {
    for (const r of operations) {
      expect(
        unknownKeysRejected(r.op.input),
        `${label(r)} must reject unknown keys (use z.strictObject) in every alternative`,
      ).toBe(true);
    }
  });

  it('declares a success status in the 2xx range; pages are public GETs; JSON-RPC is an authorised POST', () => {
    for (const r of routes) {
      if (r.kind === 'operation') expect(r.status >= 200 && r.status < 300, label(r)).toBe(true);
      else if (r.kind === 'rpc') {
        expect(r.method, label(r)).toBe('POST');
        expect(isPublicRoute(r)).toBe(false);
      } else if (r.kind === 'static' && r.status === 404) {
        // The pointers to the MCP server (issue 21): only on the MCP function's own paths.
        expect(['GET /mcp', 'POST /mcp', 'GET /sse', 'POST /messages']).toContain(
          `${r.method} ${r.path}`,
        );
        expect(isPublicRoute(r)).toBe(true);
      } else {
        expect(r.method, label(r)).toBe('GET');
        expect(isPublicRoute(r)).toBe(true);
      }
    }
  });

  it('names each operation <module>.<verb>, once, with read operations idempotent and GET-bound', () => {
    const names = operations.map((r) => r.op.name);
    expect(new Set(names).size, 'an operation is bound to two routes').toBe(names.length);
    for (const r of operations) {
      expect(r.op.name).toMatch(/^[a-z][a-z0-9-]*\.[a-z][A-Za-z0-9]*$/);
      if (r.op.kind === 'read') {
        expect(r.op.idempotent, `${r.op.name} reads, so it is idempotent`).toBe(true);
        expect(r.method, `${r.op.name} reads: GET`).toBe('GET');
      } else expect(r.method, `${r.op.name} writes: not GET`).not.toBe('GET');
    }
  });
});
