import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { Conflict, NotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import type { PageRequest } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import { conditionFailed } from '../../kernel/store/conditions';
import { equalityFilter } from '../../kernel/store/dated-lists';
import { named, type QuerySpec, type TxItem } from '../../kernel/store/store';
import { updateItem } from '../../kernel/store/update';
import { dayBoundsUtc, todayIn } from '../../kernel/time/zoned-time';
import {
  type BedRecord,
  findBed,
  findWard,
  occupyBed,
  sexPolicyAdmits,
  vacateBed,
  type WardRecord,
  wardBeds,
  wardCounterUpdates,
} from '../beds';
import { findDoctor } from '../doctors';
import { findEncounter, Prescription } from '../encounters';
import { findPatient, type PatientRecord } from '../patients';
import { counter, countToday } from '../reports/index';
import { Admission, type AdmitInput, Note, Observation } from './schemas';
import type { AdmissionStatus } from './status';
import {
  AdmissionRecord,
  activeAdmissionOf,
  activeAdmissionPut,
  activeIn,
  admissionItem,
  admissionKeys,
  admissionPartition,
  findAdmission,
} from './store';

export async function requireAdmission(ctx: Context, id: string): Promise<AdmissionRecord> {
  const admission = await findAdmission(ctx.store, id);
  if (!admission) throw new NotFound(`Admission ${id} not found`);
  return admission;
}

export async function requirePatient(ctx: Context, id: string): Promise<PatientRecord> {
  const patient = await findPatient(ctx.store, id);
  if (!patient) throw new NotFound(`Patient ${id} not found`);
  return patient;
}

export function admissionAnswer(a: AdmissionRecord): Admission {
  return view(Admission, a);
}

function activeConflict(patientId: string, admissionId: string) {
  return new Conflict(
    `Patient ${patientId} already has an active admission ${admissionId}; discharge or transfer it instead`,
    { admissionId },
  );
}

function requireActive(a: AdmissionRecord, doing: string) {
  if (a.status !== 'in-progress')
    throw new Conflict(`Admission ${a.id} is '${a.status}'; cannot ${doing}`, {
      status: a.status,
    });
}

/**
 * The beds to try, in order: the one asked for (it must be unoccupied and its ward's sex policy
 * must admit the patient), or the ward's unoccupied beds in code order. The bed list comes from an
 * index and may lag by a moment; the conditional write on each bed is what decides.
 */
export async function candidateBeds(
  ctx: Context,
  want: { bedId?: string | undefined; wardId?: string | undefined },
  patient: Pick<PatientRecord, 'id' | 'sex'>,
  exceptBedId?: string,
): Promise<{ ward: WardRecord; beds: BedRecord[] }> {
  const bed = want.bedId ? await findBed(ctx.store, want.bedId) : undefined;
  if (want.bedId && !bed) throw new NotFound(`Bed ${want.bedId} not found`);
  const wardId = bed?.wardId ?? want.wardId!;
  const ward = await findWard(ctx.store, wardId);
  if (!ward) throw new NotFound(`Ward ${wardId} not found`);
  if (!sexPolicyAdmits(ward.sexPolicy, patient.sex))
    throw new Conflict(
      `Ward ${ward.name} takes ${ward.sexPolicy} patients only; patient ${patient.id} is recorded as ${patient.sex}`,
      { sexPolicy: ward.sexPolicy, sex: patient.sex },
    );
  if (bed) {
    if (bed.id === exceptBedId)
      throw new Conflict(`The patient is already in bed ${bed.code}`, { bedId: bed.id });
    if (bed.state !== 'unoccupied')
      throw new Conflict(`Bed ${bed.code} of ${ward.name} is '${bed.state}', not unoccupied`, {
        bedId: bed.id,
        state: bed.state,
      });
    return { ward, beds: [bed] };
  }
  const free = (await wardBeds(ctx.store, ward.id)).filter(
    (b) => b.state === 'unoccupied' && b.id !== exceptBedId,
  );
  if (!free.length)
    throw new Conflict(`Ward ${ward.name} has no unoccupied bed`, { wardId: ward.id });
  return { ward, beds: free };
}

/**
 * How many of a ward's free beds one request tries, in code order, before giving up to
 * concurrent admissions (each lost bed is one failed transaction; a busy admitting desk and an
 * emergency department admitting to one ward at once lose a few).
 */
const BED_ATTEMPTS = 20;

/**
 * Admits a patient to a bed in one transaction: the patient's active-admission lock (a second
 * active admission fails), the bed (only if still unoccupied), the admission and the ward's
 * counters. With a ward instead of a bed, the next free bed is tried when another admission
 * took one first.
 */
export async function admit(ctx: Context, input: AdmitInput) {
  const { store } = ctx;
  const [patient, doctor, encounter, active] = await Promise.all([
    requirePatient(ctx, input.patientId),
    findDoctor(store, input.doctorId),
    input.encounterId ? findEncounter(store, input.encounterId) : undefined,
    activeAdmissionOf(store, input.patientId),
  ]);
  if (!doctor) throw new NotFound(`Doctor ${input.doctorId} not found`);
  if (input.encounterId && !encounter)
    throw new NotFound(`Encounter ${input.encounterId} not found`);
  if (encounter && encounter.patientId !== patient.id)
    throw new Conflict(
      `Encounter ${encounter.id} is of another patient, not of patient ${patient.id}`,
      { encounterId: encounter.id },
    );
  if (active) throw activeConflict(patient.id, active);

  const { ward, beds } = await candidateBeds(ctx, input, patient);
  const at = ctx.now.toISOString();
  const by = actorId(ctx.actor);
  // One id for every bed tried (a refused attempt wrote nothing); derived from the action's id
  // when an approved agent action runs this (kernel/ids.ts).
  const id = newId(ctx);
  // The inpatient report's counters ride in whichever attempt commits (a refused one keeps them).
  countToday(ctx, 'inpatient', {
    [counter('admitted')]: 1,
    [counter('admitted', 'ward', ward.name)]: 1,
  });
  for (const bed of beds.slice(0, BED_ATTEMPTS)) {
    const admission: AdmissionRecord = {
      id,
      class: 'IMP',
      status: 'in-progress',
      patientId: patient.id,
      patientName: patient.name,
      mrn: patient.mrn,
      source: input.source,
      ...(input.encounterId ? { encounterId: input.encounterId } : {}),
      doctorId: doctor.id,
      doctorName: doctor.name,
      reason: input.reason,
      ...(input.provisionalDiagnosis ? { provisionalDiagnosis: input.provisionalDiagnosis } : {}),
      ...(input.expectedLengthOfStayDays
        ? { expectedLengthOfStayDays: input.expectedLengthOfStayDays }
        : {}),
      wardId: ward.id,
      wardName: ward.name,
      bedId: bed.id,
      bedCode: bed.code,
      bedHistory: [
        {
          wardId: ward.id,
          wardName: ward.name,
          bedId: bed.id,
          bedCode: bed.code,
          dailyCharge: ward.dailyCharge,
          at,
          by,
          reason: 'admission',
        },
      ],
      admittedAt: at,
      admittedDate: todayIn(ctx.tenant.timeZone, ctx.now),
      admittedBy: by,
      holds: {},
      updatedAt: at,
    };
    try {
      await store.transact([
        named('active-admission', activeAdmissionPut(store, patient.id, admission.id)),
        occupyBed(
          store,
          bed,
          {
            admissionId: admission.id,
            patientId: patient.id,
            patientName: patient.name,
            mrn: patient.mrn,
          },
          at,
          by,
        ),
        {
          Put: {
            Item: admissionItem(store, admission),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        ...wardCounterUpdates(
          store,
          [{ wardId: ward.id, features: bed.features, from: 'unoccupied', to: 'occupied' }],
          at,
        ),
      ]);
      return admissionAnswer(admission);
    } catch (err) {
      if (conditionFailed(err, 'active-admission')) {
        const other = await activeAdmissionOf(store, patient.id);
        throw activeConflict(patient.id, other ?? 'another admission');
      }
      if (conditionFailed(err, 'bed') && !input.bedId) continue;
      if (conditionFailed(err, 'bed'))
        throw new Conflict(`Bed ${bed.code} was taken by another admission; choose another bed`, {
          bedId: bed.id,
        });
      throw err;
    }
  }
  throw new Conflict(
    `Every free bed of ward ${ward.name} was taken by concurrent admissions; try again`,
    { wardId: ward.id },
  );
}

/** The admission with its observations, notes and discharge prescriptions (one Query). */
export async function getAdmission(ctx: Context, input: { id: string }) {
  const { admission, observations, notes, prescriptions } = await admissionPartition(
    ctx.store,
    input.id,
  );
  if (!admission) throw new NotFound(`Admission ${input.id} not found`);
  return {
    ...admissionAnswer(admission),
    observations: observations.map((o) => view(Observation, o)),
    notes: notes.map((n) => view(Note, n)),
    prescriptions: prescriptions.map((p) => view(Prescription, p)),
  };
}

/**
 * Newest first, by ward (current ward), else doctor, else patient, else all; a date range is a
 * key range on the admission instant (local days of the hospital); the other filters are filters.
 */
export function listAdmissions(
  ctx: Context,
  q: PageRequest & {
    wardId?: string | undefined;
    doctorId?: string | undefined;
    patientId?: string | undefined;
    status?: AdmissionStatus | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
) {
  const keys = admissionKeys(ctx.store);
  const spec: QuerySpec = q.wardId
    ? { index: 'gsi1', partition: keys.byWard(q.wardId) }
    : q.doctorId
      ? { index: 'gsi2', partition: keys.byDoctor(q.doctorId) }
      : q.patientId
        ? { index: 'gsi3', partition: keys.byPatient(q.patientId) }
        : { index: 'gsi4', partition: keys.all() };
  spec.newestFirst = true;
  if (q.from || q.to) {
    const tz = ctx.tenant.timeZone;
    const from = q.from ? dayBoundsUtc(q.from, tz).start.toISOString() : '0';
    const to = q.to ? `${new Date(dayBoundsUtc(q.to, tz).end.getTime() - 1).toISOString()}~` : '~';
    spec.range = { between: [from, to] };
  }
  const filter = equalityFilter({
    ...(spec.index === 'gsi1' ? { doctorId: q.doctorId, patientId: q.patientId } : {}),
    ...(spec.index === 'gsi2' ? { patientId: q.patientId } : {}),
    status: q.status,
  });
  return ctx.store.queryPage(filter ? { ...spec, filter } : spec, q, (item) =>
    admissionAnswer(AdmissionRecord.read(item)),
  );
}

/**
 * Moves the patient to another bed (of any ward) in one transaction: the admission (still active
 * and still in the bed it was read in) gains a bed history entry, the old bed goes to
 * housekeeping, the new one must still be unoccupied, and both wards' counters move.
 */
export async function transfer(
  ctx: Context,
  input: { id: string; bedId?: string | undefined; wardId?: string | undefined; reason: string },
) {
  const { store } = ctx;
  const admission = await requireAdmission(ctx, input.id);
  requireActive(admission, 'transfer it');
  const oldBed = await findBed(store, admission.bedId);
  if (!oldBed) throw new NotFound(`Bed ${admission.bedId} not found`);
  const patient = {
    id: admission.patientId,
    sex: (await requirePatient(ctx, admission.patientId)).sex,
  };
  const { ward, beds } = await candidateBeds(ctx, input, patient, admission.bedId);
  const at = ctx.now.toISOString();
  const by = actorId(ctx.actor);
  for (const bed of beds.slice(0, BED_ATTEMPTS)) {
    const entry = {
      wardId: ward.id,
      wardName: ward.name,
      bedId: bed.id,
      bedCode: bed.code,
      dailyCharge: ward.dailyCharge,
      at,
      by,
      reason: input.reason,
    };
    const items: TxItem[] = [
      {
        name: 'admission',
        Update: updateItem(
          admissionKeys(store).admission(admission.id),
          {
            set: {
              wardId: ward.id,
              wardName: ward.name,
              bedId: bed.id,
              bedCode: bed.code,
              gsi1pk: admissionKeys(store).byWard(ward.id),
              updatedAt: at,
            },
            append: { bedHistory: [entry] },
          },
          activeIn(admission.bedId),
        ),
      },
      occupyBed(
        store,
        bed,
        {
          admissionId: admission.id,
          patientId: admission.patientId,
          patientName: admission.patientName,
          mrn: admission.mrn,
        },
        at,
        by,
        admission.latestNews2,
      ),
      named(
        'old-bed',
        vacateBed(store, oldBed.id, admission.id, at, by, `transfer of admission ${admission.id}`),
      ),
      ...wardCounterUpdates(
        store,
        [
          {
            wardId: oldBed.wardId,
            features: oldBed.features,
            from: 'occupied',
            to: 'housekeeping',
          },
          { wardId: ward.id, features: bed.features, from: 'unoccupied', to: 'occupied' },
        ],
        at,
      ),
    ];
    try {
      await store.transact(items);
      return admissionAnswer({
        ...admission,
        wardId: ward.id,
        wardName: ward.name,
        bedId: bed.id,
        bedCode: bed.code,
        bedHistory: [...admission.bedHistory, entry],
        updatedAt: at,
      });
    } catch (err) {
      if (conditionFailed(err, 'admission') || conditionFailed(err, 'old-bed')) {
        const now = await requireAdmission(ctx, admission.id);
        throw new Conflict(
          `Admission ${admission.id} changed while transferring it (now '${now.status}' in bed ${now.bedCode}); reload and try again`,
          { status: now.status, bedId: now.bedId },
        );
      }
      if (conditionFailed(err, 'bed') && !input.bedId) continue;
      if (conditionFailed(err, 'bed'))
        throw new Conflict(`Bed ${bed.code} was taken by another admission or transfer`, {
          bedId: bed.id,
        });
      throw err;
    }
  }
  throw new Conflict(
    `Every free bed of ward ${ward.name} was taken by concurrent admissions; try again`,
    { wardId: ward.id },
  );
}
