/** How an admission ends: discharge (with summary and medications) or entered in error. */
import { randomUUID } from 'node:crypto';
import {
  assertMedicationRequestTransition,
  LIVE_MEDICATION_STATUSES,
} from '../../clinical/medication-request-status';
import {
  type MedicationRequestStatus,
  NEW_PRESCRIPTION_STATUS,
  type PrescriptionInput,
  requirePrescriber,
} from '../../clinical/prescribing';
import { screenPrescription } from '../../clinical/prescription-screen';
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { Conflict, NotFound } from '../../kernel/errors';
import { view } from '../../kernel/records';
import { conditionFailed, failedConditionNames } from '../../kernel/store/conditions';
import { named, type TxItem } from '../../kernel/store/store';
import { updateItem } from '../../kernel/store/update';
import { todayIn } from '../../kernel/time/zoned-time';
import { invalidField } from '../../kernel/validation';
import { findBed, vacateBed, wardCounterUpdates } from '../beds';
import { chargeWrites } from '../billing';
import { Prescription } from '../encounters';
import { counter, countOn, countToday } from '../reports/index';
import { bedDayChargeLines, dischargeBlockers, lengthOfStay } from './rules';
import type { DischargeInput } from './schemas';
import { getAdmission, requireAdmission, requirePatient } from './service';
import { ACTIVE_ADMISSION_STATUS, type AdmissionStatus, assertAdmissionTransition } from './status';
import {
  type AdmissionRecord,
  activeAdmissionDelete,
  activeIn,
  admissionKeys,
  DischargeRxRecord,
  dischargePrescriptions,
  dischargeRxStatusUpdate,
  medicineHoldId,
  placeDischargeHold,
  releaseDischargeHold,
} from './store';

/**
 * The writes that end an admission, besides its own: the bed to housekeeping with the ward's
 * counters, and the patient's active-admission lock released.
 */
async function endingWrites(ctx: Context, a: AdmissionRecord, at: string, by: string, why: string) {
  const bed = await findBed(ctx.store, a.bedId);
  const items: TxItem[] = [
    vacateBed(ctx.store, a.bedId, a.id, at, by, why),
    activeAdmissionDelete(ctx.store, a.patientId, a.id),
  ];
  if (bed)
    items.push(
      ...wardCounterUpdates(
        ctx.store,
        [{ wardId: bed.wardId, features: bed.features, from: 'occupied', to: 'housekeeping' }],
        at,
      ),
    );
  return items;
}

function endedConflict(err: unknown, id: string, status: AdmissionStatus) {
  if (failedConditionNames(err)?.length)
    return new Conflict(
      `Admission ${id} changed while it was being ended (it was '${status}'); reload and try again`,
    );
  return err;
}

/**
 * Discharges a patient in one transaction: the admission becomes `discharged` with its summary
 * and length of stay (only while no hold is open), the bed goes to housekeeping, the ward's
 * counters follow, the active-admission lock is released, and each discharge medication is saved
 * as an active MedicationRequest after the shared prescription screen (allergies included) and the
 * decision-support order-sign rules (their cards are on the answer). A critical result nobody has
 * acknowledged stops it unless cdsOverrideReason says why (stored on the discharge summary).
 */
export async function discharge(ctx: Context, input: DischargeInput) {
  const { store } = ctx;
  if (input.medications.length) requirePrescriber(ctx.actor, 'discharge medications');
  const admission = await requireAdmission(ctx, input.id);
  assertAdmissionTransition(admission.status, 'discharged');
  const blockers = dischargeBlockers({
    disposition: input.disposition,
    holds: admission.holds,
    latestNews2: admission.latestNews2,
  });
  if (blockers.length)
    throw new Conflict(`Admission ${admission.id} cannot be discharged: ${blockers.join('; ')}`, {
      blockers,
    });
  const at = ctx.now.toISOString();
  const by = actorId(ctx.actor);
  let timeOfDeath: string | undefined;
  if (input.timeOfDeath) {
    timeOfDeath = new Date(input.timeOfDeath).toISOString();
    if (timeOfDeath < admission.admittedAt || timeOfDeath > at)
      throw invalidField('timeOfDeath', 'must lie between the admission and now');
  }
  // A follow-up is after the stay: not before the admission, nor before the discharge itself.
  const dischargeDate = todayIn(ctx.tenant.timeZone, ctx.now);
  if (input.followUpDate && input.followUpDate < dischargeDate)
    throw invalidField(
      'followUpDate',
      `must not be before the discharge (${dischargeDate}; admitted ${admission.admittedDate})`,
    );
  const patient = await requirePatient(ctx, admission.patientId);
  const screened = input.medications.map((m) =>
    newDischargeRx(ctx, admission, patient.allergies ?? [], m, at),
  );
  // Decision support, loaded on demand (order-cards.ts): a critical result nobody acknowledged
  // stops the discharge without a cdsOverrideReason; the medicines go through the order-sign
  // rules of inpatient prescribing, each with its own reason. Nothing is written before.
  const screen = await import('./order-cards');
  const own = await screen.dischargeStop(ctx, admission, input);
  const stops = screened.length
    ? await screen.admissionOrderStops(ctx, admission, patient, input.medications)
    : [];
  const prescriptions: DischargeRxRecord[] = screened.map((rx, i) => ({
    ...rx,
    ...stops[i]?.override,
  }));
  // A death ends the stay at the time of death; any other discharge now.
  const endedAt = timeOfDeath ?? at;
  const keys = admissionKeys(store);
  const active = activeIn(admission.bedId);
  const items: TxItem[] = [
    {
      name: 'admission',
      Update: updateItem(
        keys.admission(admission.id),
        {
          set: {
            status: 'discharged',
            endedAt,
            lengthOfStay: lengthOfStay(admission.admittedAt, endedAt, ctx.tenant.timeZone),
            discharge: {
              finalDiagnoses: input.finalDiagnoses,
              procedures: input.procedures,
              conditionAtDischarge: input.conditionAtDischarge,
              ...(input.followUpInstructions
                ? { followUpInstructions: input.followUpInstructions }
                : {}),
              ...(input.followUpDate ? { followUpDate: input.followUpDate } : {}),
              disposition: input.disposition,
              ...(timeOfDeath ? { timeOfDeath } : {}),
              dischargedBy: by,
              ...own.override,
            },
            updatedAt: at,
          },
        },
        {
          expression: `${active.expression} AND size(#holds) = :none`,
          names: { ...active.names, '#holds': 'holds' },
          values: { ...active.values, ':none': 0 },
        },
      ),
    },
    ...(await endingWrites(ctx, admission, at, by, `discharge of admission ${admission.id}`)),
    ...prescriptions.map((rx) => ({
      Put: { Item: DischargeRxRecord.item(rx, keys.prescription(admission.id, at, rx.id)) },
    })),
    // Billing: the stay's bed days, one charge per ward segment at the ward's daily rate, in the
    // same transaction (a charge id derives from its source, so a stay is charged once).
    ...(await chargeWrites(
      store,
      bedDayChargeLines(admission.bedHistory, endedAt, ctx.tenant.timeZone).map((line, i) => ({
        source: { type: 'bed-days', id: `${admission.id}-${i + 1}` },
        patientId: admission.patientId,
        patientName: admission.patientName,
        mrn: admission.mrn,
        admissionId: admission.id,
        serviceType: 'bed-day',
        code: `BED-DAY-${line.wardId}`,
        description: `${line.wardName}: ${line.days} bed day${line.days === 1 ? '' : 's'}`,
        quantity: line.days,
        unitPrice: line.dailyCharge,
        occurredAt: endedAt,
        by,
      })),
    )),
  ];
  const stay = lengthOfStay(admission.admittedAt, endedAt, ctx.tenant.timeZone);
  countToday(ctx, 'inpatient', {
    [counter('discharged')]: 1,
    [counter('discharged', 'ward', admission.wardName)]: 1,
    [counter('stayDays')]: stay.days,
  });
  try {
    await store.transact(items);
  } catch (err) {
    if (conditionFailed(err, 'admission')) {
      const now = await requireAdmission(ctx, admission.id);
      const open = Object.keys(now.holds);
      throw new Conflict(
        now.status === 'in-progress' && open.length
          ? `Admission ${admission.id} cannot be discharged: open holds ${open.join(', ')}`
          : `Admission ${admission.id} changed while discharging it (now '${now.status}'); reload and try again`,
        { status: now.status },
      );
    }
    throw endedConflict(err, admission.id, admission.status);
  }
  return {
    ...(await getAdmission(ctx, { id: admission.id })),
    cards: [...own.cards, ...stops.flatMap((s) => s.cards)],
  };
}

/** An admission recorded by mistake (wrong patient, duplicate): frees the bed, keeps the record. */
export async function markEnteredInError(ctx: Context, input: { id: string; reason: string }) {
  const { store } = ctx;
  const admission = await requireAdmission(ctx, input.id);
  assertAdmissionTransition(admission.status, 'entered-in-error');
  const at = ctx.now.toISOString();
  const by = actorId(ctx.actor);
  // An admission that never was leaves the census: its admission day's counters are taken back.
  const firstWard = admission.bedHistory[0]?.wardName ?? admission.wardName;
  countOn(ctx, 'inpatient', admission.admittedDate, {
    [counter('admitted')]: -1,
    [counter('admitted', 'ward', firstWard)]: -1,
  });
  try {
    await store.transact([
      {
        Update: updateItem(
          admissionKeys(store).admission(admission.id),
          {
            set: {
              status: 'entered-in-error',
              statusReason: input.reason,
              endedAt: at,
              updatedAt: at,
            },
          },
          activeIn(admission.bedId),
        ),
      },
      ...(await endingWrites(ctx, admission, at, by, `admission ${admission.id} entered in error`)),
    ]);
  } catch (err) {
    throw endedConflict(err, admission.id, admission.status);
  }
  return getAdmission(ctx, { id: admission.id });
}

/**
 * A discharge medicine (a TTO) prescribed while the patient is still in: screened like any
 * prescription (drug code, allergies and cross-sensitivity with an override reason), saved as an
 * active MedicationRequest of the admission, and holding the discharge until the pharmacy has
 * dispensed it or a doctor stops it, in the same transaction (the admission must be in progress).
 */
export async function prescribeDischargeMedicine(
  ctx: Context,
  input: PrescriptionInput & { id: string; cdsOverrideReason?: string | undefined },
) {
  const { store } = ctx;
  const admission = await requireAdmission(ctx, input.id);
  if (admission.status !== ACTIVE_ADMISSION_STATUS)
    throw new Conflict(
      `Admission ${admission.id} is '${admission.status}'; discharge medicines are prescribed during the stay, or with the discharge`,
      { status: admission.status },
    );
  const patient = await requirePatient(ctx, admission.patientId);
  const at = ctx.now.toISOString();
  const screened = newDischargeRx(ctx, admission, patient.allergies ?? [], input, at);
  // The decision-support cards of the order; a critical one stops it without a reason. Loaded on
  // demand, as on the outpatient side: the rules are not part of every admissions cold start.
  const { cards, override } = await (await import('./order-cards')).admissionOrderStop(
    ctx,
    admission,
    patient,
    input,
  );
  const rx: DischargeRxRecord = { ...screened, ...override };
  try {
    await store.transact([
      {
        Put: {
          Item: DischargeRxRecord.item(
            rx,
            admissionKeys(store).prescription(admission.id, at, rx.id),
          ),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      named(
        'admission',
        placeDischargeHold(store, admission.id, medicineHoldId(rx.id), {
          kind: 'discharge medicine',
          description: `${rx.drugName} ${rx.strength} not yet dispensed (${rx.quantity} to dispense)`,
          placedAt: at,
        }),
      ),
    ]);
  } catch (err) {
    if (conditionFailed(err, 'admission'))
      throw new Conflict(
        `Admission ${admission.id} ended while the medicine was being prescribed; reload and try again`,
      );
    throw err;
  }
  return { ...view(Prescription, rx), cards };
}

/** A discharge MedicationRequest after the shared prescription screen (clinical/prescribing). */
function newDischargeRx(
  ctx: Context,
  admission: AdmissionRecord,
  allergies: readonly string[],
  m: PrescriptionInput,
  at: string,
): DischargeRxRecord {
  const check = screenPrescription({
    allergies,
    drug: { name: m.drugName, code: m.drugCode ?? null },
    overrideReason: m.allergyOverrideReason ?? null,
  });
  return {
    id: randomUUID(),
    encounterId: admission.id,
    patientId: admission.patientId,
    status: NEW_PRESCRIPTION_STATUS,
    intent: 'order',
    drugName: m.drugName,
    ...(check.drugCode ? { drugCode: check.drugCode } : {}),
    strength: m.strength,
    ...(m.form ? { form: m.form } : {}),
    dose: m.dose,
    route: m.route,
    frequency: m.frequency,
    durationDays: m.durationDays,
    quantity: m.quantity,
    ...(m.instructions ? { instructions: m.instructions } : {}),
    allergyConflicts: check.allergyConflicts,
    ...(check.overrideReason ? { allergyOverrideReason: check.overrideReason } : {}),
    prescriberId: actorId(ctx.actor),
    authoredOn: at,
  };
}

/**
 * Holds, stops, cancels, completes or marks in error a discharge prescription along the shared
 * MedicationRequest table (shared/clinical/medication-request-status): the same rules as an OPD
 * prescription, after the admission has ended.
 */
export async function changeDischargePrescriptionStatus(
  ctx: Context,
  input: {
    id: string;
    prescriptionId: string;
    status: MedicationRequestStatus;
    reason?: string | undefined;
  },
) {
  const rx = (await dischargePrescriptions(ctx.store, input.id)).find(
    (p) => p.id === input.prescriptionId,
  );
  if (!rx)
    throw new NotFound(`Prescription ${input.prescriptionId} not found on admission ${input.id}`);
  assertMedicationRequestTransition(rx.status, input.status, input.reason);
  const change = {
    status: input.status,
    statusChangedAt: ctx.now.toISOString(),
    statusChangedBy: actorId(ctx.actor),
    ...(input.reason ? { statusReason: input.reason } : {}),
  };
  // A medicine no longer to be given no longer holds the discharge.
  const release = LIVE_MEDICATION_STATUSES.includes(input.status)
    ? []
    : [releaseDischargeHold(ctx.store, input.id, medicineHoldId(rx.id))];
  try {
    await ctx.store.transact([
      named('prescription', dischargeRxStatusUpdate(ctx.store, rx, change)),
      ...release,
    ]);
  } catch (err) {
    if (conditionFailed(err, 'prescription'))
      throw new Conflict(
        `Prescription ${input.prescriptionId} changed while updating it; reload and try again`,
      );
    throw err;
  }
  const { statusReason: _previous, ...rest } = rx;
  return view(Prescription, { ...rest, ...change });
}
