/**
 * The hospital's data export (written as pages by the export job, export-run.ts;
 * docs/operations.md "Offboarding a hospital"): every item of the tenant, a page at a time, grouped by kind. Patients go out as FHIR
 * R4 resources (patients/fhir.ts); every other item as the service's own JSON with its `kind`,
 * without the table's key and index attributes. Secrets never leave: any attribute, at any depth,
 * named like a password, a hash (API key, OAuth token and password hashes) or a secret (webhook
 * signing secrets, an API key's one-time secret kept in an idempotent answer), or private signing
 * material.
 */

import type { Item } from '../../kernel/store/store';
import { TABLE } from '../../kernel/store/table';
import { PatientRecord, patientResources } from '../patients/index';

/** Attribute names that are never exported, at any depth. */
const SECRET_NAME = /password|hash$|secret|privatejwk/i;

const KEY_ATTRIBUTES: ReadonlySet<string> = new Set([
  TABLE.partitionKey,
  TABLE.sortKey,
  ...TABLE.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
]);

/** The value without any secret attribute, however deep. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !SECRET_NAME.test(name))
      .map(([name, v]) => [name, withoutSecrets(v)]),
  );
}

type ExportRecord = Record<string, unknown>;

/** A page's items grouped by kind: FHIR resource types for patients, the entity name otherwise. */
export function exportRecords(items: Item[]): Record<string, ExportRecord[]> {
  const records: Record<string, ExportRecord[]> = {};
  const add = (kind: string, record: ExportRecord) => {
    records[kind] ??= [];
    records[kind].push(record);
  };
  for (const item of items) {
    const kind = String(item.entity ?? 'Item');
    if (kind === 'Patient') {
      for (const resource of patientResources(PatientRecord.read(item)))
        add(resource.resourceType, resource);
      continue;
    }
    const { entity: _entity, ...rest } = item;
    const own = Object.fromEntries(Object.entries(rest).filter(([k]) => !KEY_ATTRIBUTES.has(k)));
    add(kind, { kind, ...(withoutSecrets(own) as ExportRecord) });
  }
  return records;
}
