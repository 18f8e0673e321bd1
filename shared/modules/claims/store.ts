/**
 * Storage of claims. Items (docs/data-model.md, "Claims"):
 * - payers `PAYER#<id>` (gsi1: all, by name) and plans `PLAN#<id>` (gsi1: all; gsi2: per payer);
 * - coverages `COVERAGE#<id>` and pre-authorisations `PREAUTH#<id>`, each listed per patient (gsi1);
 * - claims `CLAIM#<id>`, replaced whole on every change, conditional on their version; listed all
 *   (gsi1), per payer (gsi2), per status (gsi3), and the open denials (gsi4, sparse);
 *   `INVOICECLAIM#<invoiceId>` holds the one open primary claim of an invoice and
 *   `INVOICECLAIM2#<invoiceId>` its one secondary claim (conditional puts);
 * - a coverage's deductible met in one policy year, `DEDUCTIBLE#<year start>` in the coverage's
 *   partition, versioned: claims draw on it and cancellations give back in conditional writes;
 * - remittances `REMIT#<id>`, versioned like claims; all (gsi1), per payer (gsi2), the ones with
 *   money not yet allocated (gsi3, sparse).
 */
import { defineRecord } from '../../kernel/records';
import { sortKey } from '../../kernel/store/keys';
import type { Item, Store, TxItem } from '../../kernel/store/store';
import * as z from '../../kernel/zod';
import { Claim, Coverage, DeductibleEntry, Payer, Plan, Preauth, Remittance } from './schemas';

export const PayerRecord = defineRecord('Payer', Payer);
export type PayerRecord = z.output<typeof PayerRecord.schema>;
export const PlanRecord = defineRecord('Plan', Plan);
export type PlanRecord = z.output<typeof PlanRecord.schema>;
export const CoverageRecord = defineRecord('Coverage', Coverage);
export type CoverageRecord = z.output<typeof CoverageRecord.schema>;
export const PreauthRecord = defineRecord('Preauth', Preauth);
export type PreauthRecord = z.output<typeof PreauthRecord.schema>;
export const ClaimRecord = defineRecord(
  'Claim',
  z.extend(Claim, { version: z.number().check(z.int()) }),
);
export type ClaimRecord = z.output<typeof ClaimRecord.schema>;
export const RemittanceRecord = defineRecord(
  'Remittance',
  z.extend(Remittance, { version: z.number().check(z.int()) }),
);
export type RemittanceRecord = z.output<typeof RemittanceRecord.schema>;
export const DeductibleRecord = defineRecord(
  'DeductibleYear',
  z.strictObject({
    coverageId: z.string(),
    from: z.string(),
    to: z.string(),
    /** What claims have drawn on this year's deductible (their entries add up to it). */
    met: z.number(),
    claims: z.array(DeductibleEntry),
    version: z.number().check(z.int()),
  }),
);
export type DeductibleRecord = z.output<typeof DeductibleRecord.schema>;
const InvoiceClaim = defineRecord('InvoiceClaim', z.strictObject({ claimId: z.string() }));

export const claimsKeys = (store: Store) => ({
  payer: (id: string) => store.keys.entity('PAYER', id),
  payers: () => store.keys.collection('PAYERS'),
  plan: (id: string) => store.keys.entity('PLAN', id),
  plans: () => store.keys.collection('PLANS'),
  payerPlans: (payerId: string) => store.keys.collection('PLANS', 'PAYER', payerId),
  coverage: (id: string) => store.keys.entity('COVERAGE', id),
  patientCoverages: (patientId: string) => store.keys.collection('COVERAGES', 'PATIENT', patientId),
  deductibleYear: (coverageId: string, from: string) =>
    store.keys.child('COVERAGE', coverageId, 'DEDUCTIBLE', from),
  preauth: (id: string) => store.keys.entity('PREAUTH', id),
  patientPreauths: (patientId: string) => store.keys.collection('PREAUTHS', 'PATIENT', patientId),
  claim: (id: string) => store.keys.entity('CLAIM', id),
  claims: () => store.keys.collection('CLAIMS'),
  payerClaims: (payerId: string) => store.keys.collection('CLAIMS', 'PAYER', payerId),
  claimsByStatus: (status: string) => store.keys.collection('CLAIMS', 'STATUS', status),
  openDenials: () => store.keys.collection('CLAIMS', 'DENIED'),
  invoiceClaim: (invoiceId: string) => store.keys.entity('INVOICECLAIM', invoiceId),
  invoiceSecondaryClaim: (invoiceId: string) => store.keys.entity('INVOICECLAIM2', invoiceId),
  claimCounter: (year: string) => store.keys.counter(`CLAIM#${year}`),
  remittance: (id: string) => store.keys.entity('REMIT', id),
  remittances: () => store.keys.collection('REMITS'),
  payerRemittances: (payerId: string) => store.keys.collection('REMITS', 'PAYER', payerId),
  openRemittances: () => store.keys.collection('REMITS', 'OPEN'),
});

const NOT_EXISTS = 'attribute_not_exists(pk)';

export function payerPut(store: Store, p: PayerRecord): TxItem {
  const keys = claimsKeys(store);
  return {
    Put: {
      Item: PayerRecord.item(p, {
        ...keys.payer(p.id),
        gsi1pk: keys.payers(),
        gsi1sk: sortKey(p.name.toLowerCase(), p.id),
      }),
      ConditionExpression: NOT_EXISTS,
    },
  };
}

export function planPut(store: Store, p: PlanRecord): TxItem {
  const keys = claimsKeys(store);
  const sk = sortKey(p.name.toLowerCase(), p.id);
  return {
    Put: {
      Item: PlanRecord.item(p, {
        ...keys.plan(p.id),
        gsi1pk: keys.plans(),
        gsi1sk: sk,
        gsi2pk: keys.payerPlans(p.payerId),
        gsi2sk: sk,
      }),
      ConditionExpression: NOT_EXISTS,
    },
  };
}

export function coveragePut(store: Store, c: CoverageRecord): TxItem {
  const keys = claimsKeys(store);
  return {
    Put: {
      Item: CoverageRecord.item(c, {
        ...keys.coverage(c.id),
        gsi1pk: keys.patientCoverages(c.patientId),
        gsi1sk: sortKey(String(c.priority), c.createdAt, c.id),
      }),
      ConditionExpression: NOT_EXISTS,
    },
  };
}

export function preauthItem(store: Store, p: PreauthRecord): Item {
  const keys = claimsKeys(store);
  return PreauthRecord.item(p, {
    ...keys.preauth(p.id),
    gsi1pk: keys.patientPreauths(p.patientId),
    gsi1sk: sortKey(p.requestedAt, p.id),
  });
}

/** A claim with the denial work-queue index while a denial is open. */
function claimItem(store: Store, c: ClaimRecord): Item {
  const keys = claimsKeys(store);
  const byCreation = sortKey(c.createdAt, c.id);
  const openDenial = c.status === 'adjudicated' && c.deniedAmount > 0 && !c.denialAccepted;
  return ClaimRecord.item(c, {
    ...keys.claim(c.id),
    gsi1pk: keys.claims(),
    gsi1sk: byCreation,
    gsi2pk: keys.payerClaims(c.payerId),
    gsi2sk: byCreation,
    gsi3pk: keys.claimsByStatus(c.status),
    gsi3sk: byCreation,
    ...(openDenial ? { gsi4pk: keys.openDenials(), gsi4sk: byCreation } : {}),
  });
}

/** The lock of an invoice's primary claim, or of its secondary claim. */
const invoiceLock = (store: Store, c: ClaimRecord) =>
  c.coordination
    ? claimsKeys(store).invoiceSecondaryClaim(c.invoiceId)
    : claimsKeys(store).invoiceClaim(c.invoiceId);

/**
 * A new claim and its invoice's claim lock: an invoice has at most one open primary claim and
 * one open secondary claim.
 */
export function newClaimWrites(store: Store, c: ClaimRecord): TxItem[] {
  return [
    {
      name: 'invoice-claim',
      Put: {
        Item: InvoiceClaim.item({ claimId: c.id }, invoiceLock(store, c)),
        ConditionExpression: NOT_EXISTS,
      },
    },
    { Put: { Item: claimItem(store, c), ConditionExpression: NOT_EXISTS } },
  ];
}

/** Replaces the claim with `next` if nobody changed it since `current` was read. */
export function claimReplace(store: Store, current: ClaimRecord, next: ClaimRecord): TxItem {
  return {
    name: 'claim',
    Put: {
      Item: claimItem(store, { ...next, version: current.version + 1 }),
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':v': current.version },
    },
  };
}

/** Frees the invoice for another claim (a cancelled claim). */
export function invoiceClaimRelease(store: Store, c: ClaimRecord): TxItem {
  return {
    Delete: {
      Key: invoiceLock(store, c),
      ConditionExpression: 'claimId = :c',
      ExpressionAttributeValues: { ':c': c.id },
    },
  };
}

/**
 * Writes a policy year's deductible as `next` if nobody changed it since `current` was read
 * (undefined: it did not exist yet). Named `deductible` so a lost race can be told apart.
 */
export function deductibleWrite(
  store: Store,
  current: DeductibleRecord | undefined,
  next: Omit<DeductibleRecord, 'version'>,
): TxItem {
  const Item = DeductibleRecord.item(
    { ...next, version: (current?.version ?? 0) + 1 },
    claimsKeys(store).deductibleYear(next.coverageId, next.from),
  );
  return current
    ? {
        name: 'deductible',
        Put: {
          Item,
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': current.version },
        },
      }
    : { name: 'deductible', Put: { Item, ConditionExpression: NOT_EXISTS } };
}

function remittanceItem(store: Store, r: RemittanceRecord): Item {
  const keys = claimsKeys(store);
  const sk = sortKey(r.receivedOn, r.id);
  return RemittanceRecord.item(r, {
    ...keys.remittance(r.id),
    gsi1pk: keys.remittances(),
    gsi1sk: sk,
    gsi2pk: keys.payerRemittances(r.payerId),
    gsi2sk: sk,
    ...(r.unallocated > 0 ? { gsi3pk: keys.openRemittances(), gsi3sk: sk } : {}),
  });
}

export function remittancePut(store: Store, r: RemittanceRecord): TxItem {
  return { Put: { Item: remittanceItem(store, r), ConditionExpression: NOT_EXISTS } };
}

export function remittanceReplace(
  store: Store,
  current: RemittanceRecord,
  next: RemittanceRecord,
): TxItem {
  return {
    name: 'remittance',
    Put: {
      Item: remittanceItem(store, { ...next, version: current.version + 1 }),
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':v': current.version },
    },
  };
}

async function read<T>(
  store: Store,
  key: { pk: string; sk: string },
  def: { read: (i: Item) => T },
): Promise<T | undefined> {
  const item = await store.get(key, { consistent: true });
  return item ? def.read(item) : undefined;
}

export const findPayer = (store: Store, id: string) =>
  read(store, claimsKeys(store).payer(id), PayerRecord);
export const findPlan = (store: Store, id: string) =>
  read(store, claimsKeys(store).plan(id), PlanRecord);
export const findCoverage = (store: Store, id: string) =>
  read(store, claimsKeys(store).coverage(id), CoverageRecord);
export const findPreauth = (store: Store, id: string) =>
  read(store, claimsKeys(store).preauth(id), PreauthRecord);
export const findClaim = (store: Store, id: string) =>
  read(store, claimsKeys(store).claim(id), ClaimRecord);
export const findDeductibleYear = (store: Store, coverageId: string, from: string) =>
  read(store, claimsKeys(store).deductibleYear(coverageId, from), DeductibleRecord);
/** The invoice's primary claim (open or settled), through its lock. */
export async function findPrimaryClaim(store: Store, invoiceId: string) {
  const lock = await read(store, claimsKeys(store).invoiceClaim(invoiceId), InvoiceClaim);
  return lock ? findClaim(store, lock.claimId) : undefined;
}
export const findRemittance = (store: Store, id: string) =>
  read(store, claimsKeys(store).remittance(id), RemittanceRecord);

/** Every item of a collection (bounded by what the health check and aging read). */
export async function readCollection<T>(
  store: Store,
  index: 'gsi1' | 'gsi2' | 'gsi3' | 'gsi4',
  partition: string,
  def: { read: (i: Item) => T },
): Promise<T[]> {
  return (await store.query({ index, partition })).map((i) => def.read(i));
}
