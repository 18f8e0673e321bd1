/**
 * Zod schemas as documentation: a field table for inputs (name, type, required, rules) and a
 * compact TypeScript-like shape for answers, both rendered from the JSON Schema zod derives, so
 * the docs say exactly what the validation and the output checks enforce.
 */
import * as z from '../kernel/zod';

type Json = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  anyOf?: Json[];
  oneOf?: Json[];
  enum?: unknown[];
  const?: unknown;
  additionalProperties?: boolean | Json;
};

export function jsonSchemaOf(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
}

const lit = (v: unknown) => JSON.stringify(v);

/** `string`, `'a' | 'b'`, `number | null`, `{ … }`, `T[]`. */
export function typeText(s: Json, indent = ''): string {
  if (s.const !== undefined) return lit(s.const);
  if (s.enum) return s.enum.map(lit).join(' | ');
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.map((a) => typeText(a, indent)).join(' | ');
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return types.map((t) => typeText({ ...s, type: t }, indent)).join(' | ');
  switch (types[0]) {
    case 'object': {
      const props = Object.entries(s.properties ?? {});
      if (props.length === 0) return 'object';
      const required = new Set(s.required ?? []);
      const inner = `${indent}  `;
      const lines = props.map(
        ([k, v]) => `${inner}${k}${required.has(k) ? '' : '?'}: ${typeText(v, inner)};`,
      );
      return `{\n${lines.join('\n')}\n${indent}}`;
    }
    case 'array':
      return s.items ? `${wrap(typeText(s.items, indent))}[]` : 'unknown[]';
    case 'integer':
      return 'integer';
    case undefined:
      return 'unknown';
    default:
      return types[0]!;
  }
}

const wrap = (t: string) => (t.includes(' | ') ? `(${t})` : t);

/** The rules a field's schema states, in words: lengths, ranges, pattern, format, default. */
export function rulesText(s: Json): string {
  const rules: string[] = [];
  if (typeof s.format === 'string') rules.push(s.format);
  if (s.minLength !== undefined || s.maxLength !== undefined)
    rules.push(`${s.minLength ?? 0}–${s.maxLength ?? '…'} characters`);
  if (s.minimum !== undefined || s.maximum !== undefined)
    rules.push(`${s.minimum ?? '…'} to ${s.maximum ?? '…'}`);
  if (s.minItems !== undefined || s.maxItems !== undefined)
    rules.push(`${s.minItems ?? 0}–${s.maxItems ?? '…'} items`);
  if (typeof s.pattern === 'string' && !s.format) rules.push(`pattern \`${s.pattern}\``);
  if (s.default !== undefined) rules.push(`default ${lit(s.default)}`);
  if (typeof s.description === 'string') rules.push(s.description);
  return rules.join('; ');
}

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  rules: string;
}

/** The top-level fields of an object schema (or of each alternative of a union, merged). */
export function fieldRows(s: Json): FieldRow[] {
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) {
    const rows = new Map<string, FieldRow>();
    for (const alt of alternatives) {
      for (const row of fieldRows(alt))
        rows.set(row.name, { ...row, required: false, rules: row.rules });
    }
    return [...rows.values()];
  }
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {}).map(([name, field]) => ({
    name,
    type: typeText(field).replace(/\s*\n\s*/g, ' '),
    required: required.has(name),
    rules: rulesText(field),
  }));
}
