/**
 * Reading the FHIR R4 resources a CDS Hooks request carries (context.draftOrders, prefetch) into
 * the facts the rules take. Only what the rules use is read; anything else is ignored, and a
 * resource that is not shaped as FHIR says is skipped rather than failing the call.
 */
import type { CreatinineValue } from '../../clinical/aki';
import type { Medication } from '../../clinical/cds-rules';
import { agentOfText, type ContrastAgent } from '../../clinical/contrast';
import { CREATININE_UMOL_PER_MG_DL } from '../../clinical/egfr';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The resources of a Bundle (entry[].resource), or the resource itself, or a plain array. */
export function resourcesOf(value: unknown): Json[] {
  if (Array.isArray(value)) return value.filter(isObject);
  if (!isObject(value)) return [];
  if (value.resourceType === 'Bundle' && Array.isArray(value.entry))
    return value.entry.flatMap((e) => (isObject(e) && isObject(e.resource) ? [e.resource] : []));
  return [value];
}

const ATC_SYSTEM = 'http://www.whocc.no/atc';

function concept(value: unknown): { text?: string; codings: Json[] } {
  if (!isObject(value)) return { codings: [] };
  const codings = Array.isArray(value.coding) ? value.coding.filter(isObject) : [];
  return { text: typeof value.text === 'string' ? value.text : undefined, codings };
}

/** A MedicationRequest's drug: its text or first display, and its ATC code when coded so. */
export function medicationOf(resource: Json, status: Medication['status']): Medication | null {
  if (resource.resourceType !== 'MedicationRequest') return null;
  const c = concept(resource.medicationCodeableConcept);
  const atc = c.codings.find((x) => x.system === ATC_SYSTEM && typeof x.code === 'string');
  const display = c.codings.find((x) => typeof x.display === 'string')?.display as
    | string
    | undefined;
  const name = c.text ?? display;
  if (!name) return null;
  return { name, code: (atc?.code as string | undefined) ?? null, status };
}

/** Active MedicationRequests of a prefetch bundle. */
export function activeMedications(value: unknown): Medication[] {
  return resourcesOf(value)
    .filter((r) => r.status === undefined || r.status === 'active')
    .flatMap((r) => medicationOf(r, 'active') ?? []);
}

/** The draft orders of order-select / order-sign: MedicationRequests being ordered. */
export function draftMedications(value: unknown): Medication[] {
  return resourcesOf(value).flatMap((r) => medicationOf(r, 'draft') ?? []);
}

/**
 * The contrast agent a ServiceRequest among the draft orders names (its code's text or a coding's
 * display, normalised: clinical/contrast.ts), iodinated before gadolinium when both are ordered.
 */
export function contrastAgentOrdered(value: unknown): ContrastAgent | null {
  const agents = resourcesOf(value).flatMap((r) => {
    if (r.resourceType !== 'ServiceRequest') return [];
    const c = concept(r.code);
    return [c.text, ...c.codings.map((x) => x.display)].flatMap((t) =>
      typeof t === 'string' ? (agentOfText(t) ?? []) : [],
    );
  });
  return agents.includes('iodinated') ? 'iodinated' : (agents[0] ?? null);
}

/** Whether the draft orders name iodinated contrast (the metformin rule's question). */
export function contrastOrdered(value: unknown): boolean {
  return contrastAgentOrdered(value) === 'iodinated';
}

const CREATININE_CODES = {
  '2160-0': 'mg/dL', // Creatinine [Mass/volume] in Serum or Plasma
  '14682-9': 'umol/L', // Creatinine [Moles/volume] in Serum or Plasma
} as const;

/** Serum creatinine Observations (LOINC 2160-0 in mg/dL, 14682-9 in µmol/L), in µmol/L. */
export function creatinineOf(value: unknown): CreatinineValue[] {
  return resourcesOf(value).flatMap((r) => {
    if (r.resourceType !== 'Observation') return [];
    if (r.status === 'entered-in-error' || r.status === 'cancelled') return [];
    const loinc = concept(r.code).codings.find(
      (x) =>
        x.system === 'http://loinc.org' && typeof x.code === 'string' && x.code in CREATININE_CODES,
    );
    const q = r.valueQuantity;
    const at = r.effectiveDateTime ?? r.issued;
    if (!loinc || !isObject(q) || typeof q.value !== 'number' || typeof at !== 'string') return [];
    const unit = String(
      q.code ?? q.unit ?? CREATININE_CODES[loinc.code as keyof typeof CREATININE_CODES],
    );
    const umol = /mg\/dl/i.test(unit) ? q.value * CREATININE_UMOL_PER_MG_DL : q.value;
    return [{ umolPerL: umol, at }];
  });
}

/** AllergyIntolerance resources as text (code.text or its first display). */
export function allergiesOf(value: unknown): string[] {
  return resourcesOf(value).flatMap((r) => {
    if (r.resourceType !== 'AllergyIntolerance') return [];
    const c = concept(r.code);
    const text =
      c.text ??
      (c.codings.find((x) => typeof x.display === 'string')?.display as string | undefined);
    return text ? [text] : [];
  });
}

/** A FHIR Patient's birth date and gender. */
export function patientOf(value: unknown): { birthDate?: string; gender?: string } | null {
  const r = resourcesOf(value).find((x) => x.resourceType === 'Patient');
  if (!r) return null;
  return {
    birthDate: typeof r.birthDate === 'string' ? r.birthDate : undefined,
    gender: typeof r.gender === 'string' ? r.gender : undefined,
  };
}
