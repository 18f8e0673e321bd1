/**
 * Dispensing against a prescription: batches chosen first expiry first out, the stock, the
 * ledger, the dispense record and the prescription's dispensed quantity (and status) in one
 * transaction whose every stock write is conditional on what was read, so stock never goes
 * negative and two dispenses of the last units cannot both succeed.
 */
import { randomUUID } from 'node:crypto';
import { screenAllergies } from '../../clinical/allergy';
import { dispensingMismatch } from '../../clinical/dispensing';
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { Conflict, NotFound } from '../../kernel/errors';
import type { PageRequest } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import { failedConditionNames } from '../../kernel/store/conditions';
import type { Store, TxItem } from '../../kernel/store/store';
import { invalidField } from '../../kernel/validation';
import { dischargeRxDispensed, findDischargePrescription } from '../admissions';
import { chargeWrites } from '../billing';
import { findPrescription, type PrescriptionRecord, prescriptionDispensed } from '../encounters';
import { findPatient, type PatientRecord } from '../patients';
import { pharmacyDispenseCounters, reportDayWrite } from '../reports/index';
import { dispenseChargeLines, fillType, isExpired, type PickLine, pickFefo } from './rules';
import { Dispense, Movement } from './schemas';
import { requireItem as findItemOrThrow, today } from './service';
import {
  type BatchRecord,
  batchQuantityUpdate,
  DispenseRecord as DispenseDef,
  type DispenseRecord,
  dispensePut,
  type ItemRecord,
  itemWithBatches,
  type MovementRecord,
  movementPut,
  onHandUpdate,
  pharmacyKeys,
} from './store';

/** A transaction holds at most 100 writes; a dispense needs 3 + 2 per batch. */
const MAX_BATCHES_PER_DISPENSE = 20;
/** Re-plans after losing a race on a batch to another movement, before answering 409. */
const ATTEMPTS = 5;

export interface DispensePlan {
  dispense: DispenseRecord;
  /** The formulary item dispensed (its pricing prices the dispense's charge lines). */
  item: ItemRecord;
  prescription: PrescriptionRecord;
  /** Where the prescription lives: an outpatient encounter or an admission (discharge medicine). */
  source: 'encounter' | 'admission';
  /** The patient, as read for the allergy check (the charge items name them). */
  patient: PatientRecord;
  batches: ReadonlyMap<string, BatchRecord>;
  lines: readonly PickLine[];
}

/**
 * Every stock write of a dispense, assembled here and only here: the prescription (0), the item's
 * counter (1), the dispense record (2), then per batch its quantity and its ledger entry. The
 * charge items (dispenseChargeWrites) follow them in the same transaction.
 */
export function dispenseWrites(store: Store, plan: DispensePlan): TxItem[] {
  const { dispense: d } = plan;
  const dispensing = { quantity: d.quantity, at: d.dispensedAt, by: d.dispensedBy };
  // An admission's prescription is recorded by the admissions module, which also releases the
  // discharge hold of a medicine now fully dispensed (last, so the positions above stay).
  const [prescriptionWrite, ...releasesHold] =
    plan.source === 'admission'
      ? dischargeRxDispensed(store, plan.prescription, dispensing)
      : [prescriptionDispensed(store, plan.prescription, dispensing)];
  return [
    prescriptionWrite!,
    onHandUpdate(store, d.itemId, -d.quantity, d.dispensedAt),
    dispensePut(store, d),
    ...plan.lines.flatMap((line): TxItem[] => {
      const batch = plan.batches.get(line.batchId)!;
      const after = line.batchQuantityBefore - line.quantity;
      return [
        batchQuantityUpdate(store, batch, after),
        movementPut(store, {
          id: randomUUID(),
          itemId: d.itemId,
          batchId: line.batchId,
          batchNumber: line.batchNumber,
          type: 'dispense',
          quantity: -line.quantity,
          batchQuantityAfter: after,
          reference: d.id,
          patientId: d.patientId,
          at: d.dispensedAt,
          by: d.dispensedBy,
        }),
      ];
    }),
    ...releasesHold,
  ];
}

/**
 * The dispense's charge items (billing's ChargeItem), priced from the formulary: one per
 * distinct unit price (dispenseChargeLines), each charged once by its source id (the dispense's
 * id, then `<id>-2`, `<id>-3` for further prices under a markup).
 */
export async function dispenseChargeWrites(store: Store, plan: DispensePlan): Promise<TxItem[]> {
  const d = plan.dispense;
  const { patient } = plan;
  return chargeWrites(
    store,
    dispenseChargeLines(d, plan.item).map((line, i) => ({
      source: { type: 'dispense', id: i === 0 ? d.id : `${d.id}-${i + 1}` },
      patientId: patient.id,
      patientName: patient.name,
      mrn: patient.mrn,
      // A discharge medicine is billed with the stay it was prescribed in.
      ...(plan.source === 'admission' ? { admissionId: plan.prescription.encounterId } : {}),
      serviceType: 'pharmacy',
      code: line.itemCode,
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      occurredAt: d.dispensedAt,
      by: d.dispensedBy,
    })),
  );
}

async function planDispense(
  ctx: Context,
  input: {
    encounterId: string;
    prescriptionId: string;
    itemId: string;
    quantity?: number | undefined;
  },
): Promise<DispensePlan> {
  // An outpatient prescription or an admission's discharge medicine (encounterId is then the
  // admission: the inpatient encounter); both are dispensed the same way.
  const [outpatient, stock] = await Promise.all([
    findPrescription(ctx.store, input.encounterId, input.prescriptionId),
    itemWithBatches(ctx.store, input.itemId),
  ]);
  const rx =
    outpatient ??
    (await findDischargePrescription(ctx.store, input.encounterId, input.prescriptionId));
  if (!rx)
    throw new NotFound(
      `Prescription ${input.prescriptionId} not found on encounter ${input.encounterId} (an outpatient encounter or an admission)`,
    );
  const { item, batches } = stock;
  if (!item) throw new NotFound(`Formulary item ${input.itemId} not found`);
  if (rx.status !== 'active')
    throw new Conflict(
      `Prescription ${rx.id} is ${rx.status}; only an active prescription can be dispensed`,
      { prescriptionStatus: rx.status },
    );
  if (!rx.drugCode || rx.drugCode !== item.drugCode)
    throw invalidField(
      'itemId',
      `is ${item.genericName} (${item.drugCode}); the prescription is for ${rx.drugName}${rx.drugCode ? ` (${rx.drugCode})` : ' (no ATC code: it cannot be matched to a formulary item)'}`,
    );
  const mismatch = dispensingMismatch(rx, {
    strength: item.strength,
    form: item.form,
    unit: item.unit,
    name: item.genericName,
  });
  if (mismatch) throw invalidField('itemId', mismatch);
  const patient = await recheckAllergies(ctx, rx, item);
  const before = rx.dispensedQuantity ?? 0;
  const owed = rx.quantity - before;
  const quantity = input.quantity ?? owed;
  if (quantity > owed)
    throw invalidField('quantity', `is ${quantity}, more than the ${owed} still owed`);

  const lines = pickFefo(batches, quantity, today(ctx));
  if (lines.length > MAX_BATCHES_PER_DISPENSE)
    throw new Conflict(
      `This dispense would take from ${lines.length} batches; dispense at most ${MAX_BATCHES_PER_DISPENSE} batches at a time`,
    );
  const remainingOwed = owed - quantity;
  const dispense: DispenseRecord = {
    id: randomUUID(),
    status: 'completed',
    type: fillType(before, quantity, rx.quantity),
    encounterId: rx.encounterId,
    prescriptionId: rx.id,
    patientId: rx.patientId,
    itemId: item.id,
    itemCode: item.code,
    drugName: rx.drugName,
    quantity,
    lines: lines.map(({ batchId, batchNumber, expiryDate, quantity: q, unitCost }) => ({
      batchId,
      batchNumber,
      expiryDate,
      quantity: q,
      unitCost,
    })),
    returnedQuantity: 0,
    prescribedQuantity: rx.quantity,
    remainingOwed,
    prescriptionStatus: remainingOwed === 0 ? 'completed' : 'active',
    dispensedAt: ctx.now.toISOString(),
    dispensedBy: actorId(ctx.actor),
  };
  return {
    dispense,
    item,
    prescription: rx,
    source: outpatient ? 'encounter' : 'admission',
    patient,
    batches: new Map(batches.map((b) => [b.id, b])),
    lines,
  };
}

/**
 * The allergy screen again at the counter, against the allergies recorded now and the product
 * handed over: an allergy recorded since the prescription was written (or one the product's
 * generic conflicts with) that the prescriber did not override stops the dispense, 409, for the
 * prescriber to review. A pharmacist cannot override an allergy: that is a prescriber's decision.
 */
async function recheckAllergies(
  ctx: Context,
  rx: PrescriptionRecord,
  item: Pick<ItemRecord, 'genericName' | 'drugCode'>,
) {
  const patient = await findPatient(ctx.store, rx.patientId);
  if (!patient) throw new NotFound(`Patient ${rx.patientId} not found`);
  const allergies = patient.allergies ?? [];
  const reviewed = new Set(rx.allergyConflicts);
  const conflicts = [
    ...screenAllergies({ name: rx.drugName, code: rx.drugCode ?? null }, allergies),
    ...screenAllergies({ name: item.genericName, code: item.drugCode }, allergies),
  ]
    .map((c) => c.label)
    .filter((label, i, all) => !reviewed.has(label) && all.indexOf(label) === i);
  if (conflicts.length)
    throw new Conflict(
      `${rx.drugName} conflicts with recorded allergies not reviewed when it was prescribed: ${conflicts.join(', ')}; the prescriber must review it (stop it, or prescribe it again with an allergy override reason)`,
      { allergies: conflicts },
    );
  return patient;
}

/**
 * Dispenses `quantity` (default: all still owed) of a prescription from one formulary item.
 * A lost race (another dispense or movement changed a batch, the counter or the prescription
 * between the read and the write) is re-planned from fresh reads; when the stock is then short
 * the answer is 409.
 */
export async function dispense(
  ctx: Context,
  input: {
    encounterId: string;
    prescriptionId: string;
    itemId: string;
    quantity?: number | undefined;
  },
) {
  for (let attempt = 1; ; attempt++) {
    const plan = await planDispense(ctx, input);
    try {
      // Stock, ledger and prescription, the charge items and the pharmacy report's day
      // counters (docs/reports.md): one transaction, so the report moves only with the stock.
      const counted = reportDayWrite(
        ctx.store,
        'pharmacy',
        today(ctx),
        pharmacyDispenseCounters({
          itemId: plan.dispense.itemId,
          lines: plan.lines,
          onHandBefore: plan.item.onHand,
        }),
      );
      await ctx.store.transact([
        ...dispenseWrites(ctx.store, plan),
        ...(await dispenseChargeWrites(ctx.store, plan)),
        ...(counted ? [counted] : []),
      ]);
      return view(Dispense, plan.dispense);
    } catch (err) {
      if (!failedConditionNames(err)?.length) throw err;
      if (attempt >= ATTEMPTS)
        throw new Conflict(
          'The stock or the prescription changed while dispensing, several times; reload and try again',
        );
    }
  }
}

/**
 * A patient brings back unused units of a dispense: they go back into the batch they came from
 * (which must still be active and unexpired: otherwise they are destroyed, not restocked), the
 * counter rises and the ledger records a `return`. The prescription is unchanged: returned
 * medicine is not owed again. Conditional on the dispense's returned total as read, so two
 * returns cannot together exceed what was dispensed.
 */
export async function returnUnits(
  ctx: Context,
  input: { id: string; batchId?: string | undefined; quantity: number; reason: string },
) {
  const { store } = ctx;
  const keys = pharmacyKeys(store);
  const raw = await store.get(keys.dispense(input.id), { consistent: true });
  if (!raw) throw new NotFound(`Dispense ${input.id} not found`);
  const d = DispenseDef.read(raw);
  if (!input.batchId && d.lines.length > 1)
    throw invalidField('batchId', 'is required: this dispense took from several batches');
  const index = input.batchId ? d.lines.findIndex((l) => l.batchId === input.batchId) : 0;
  const line = d.lines[index];
  if (!line) throw invalidField('batchId', `is not a batch of dispense ${d.id}`);
  const returnable = line.quantity - (line.returnedQuantity ?? 0);
  if (input.quantity > returnable)
    throw invalidField(
      'quantity',
      `is ${input.quantity}, more than the ${returnable} of batch ${line.batchNumber} not yet returned`,
    );
  const { batches } = await itemWithBatches(store, d.itemId);
  const batch = batches.find((b) => b.id === line.batchId);
  if (!batch) throw new NotFound(`Batch ${line.batchId} not found`);
  if (batch.status !== 'active' || isExpired(batch.expiryDate, today(ctx)))
    throw new Conflict(
      `Batch ${batch.batchNumber} is ${batch.status === 'active' ? 'expired' : batch.status}; returned units cannot be restocked into it`,
    );
  const at = ctx.now.toISOString();
  const after = batch.quantity + input.quantity;
  const movement: MovementRecord = {
    id: randomUUID(),
    itemId: d.itemId,
    batchId: batch.id,
    batchNumber: batch.batchNumber,
    type: 'return',
    quantity: input.quantity,
    batchQuantityAfter: after,
    reason: input.reason,
    reference: d.id,
    patientId: d.patientId,
    at,
    by: actorId(ctx.actor),
  };
  const lineReturned = (line.returnedQuantity ?? 0) + input.quantity;
  try {
    await store.transact([
      {
        Update: {
          Key: keys.dispense(d.id),
          UpdateExpression: `SET #lines[${index}].#rq = :line, #rq = :total`,
          ConditionExpression: '#rq = :before',
          ExpressionAttributeNames: { '#lines': 'lines', '#rq': 'returnedQuantity' },
          ExpressionAttributeValues: {
            ':line': lineReturned,
            ':total': d.returnedQuantity + input.quantity,
            ':before': d.returnedQuantity,
          },
        },
      },
      batchQuantityUpdate(store, batch, after),
      onHandUpdate(store, d.itemId, input.quantity, at),
      movementPut(store, movement),
    ]);
  } catch (err) {
    if (failedConditionNames(err)?.length)
      throw new Conflict(
        `Dispense ${d.id} or batch ${batch.batchNumber} changed while recording the return; reload and try again`,
      );
    throw err;
  }
  const item = await findItemOrThrow(ctx, d.itemId);
  const lines = d.lines.map((l, i) => (i === index ? { ...l, returnedQuantity: lineReturned } : l));
  return {
    dispense: view(Dispense, {
      ...d,
      lines,
      returnedQuantity: d.returnedQuantity + input.quantity,
    }),
    movement: view(Movement, movement),
    onHand: item.onHand,
  };
}

/** A prescription's dispenses, oldest first. */
export function listDispenses(ctx: Context, query: PageRequest & { prescriptionId: string }) {
  return ctx.store.collectionPage(
    'gsi1',
    pharmacyKeys(ctx.store).dispensesOf(query.prescriptionId),
    query,
    (item) => view(Dispense, DispenseDef.read(item)),
  );
}
