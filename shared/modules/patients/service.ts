/**
 * Patient registration, search, reads and corrections. Writes are one transaction each (see
 * store.ts); the duplicate check compares the E.164 phone number and the date of birth.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from '../../kernel/context';
import { Conflict, NotFound } from '../../kernel/errors';
import type { Page, PageRequest } from '../../kernel/pagination';
import { normalisePhone } from '../../kernel/phone';
import { view } from '../../kernel/records';
import { conditionFailed, failedConditionNames } from '../../kernel/store/conditions';
import { named, type Store, type TxItem } from '../../kernel/store/store';
import { todayIn } from '../../kernel/time/zoned-time';
import { invalidField } from '../../kernel/validation';
import {
  classifyQuery,
  dateOfBirthProblem,
  dedupeAllergies,
  formatMrn,
  phoneSuffixKey,
} from './rules';
import { Patient, type RegisterPatientInput, type UpdatePatientInput } from './schemas';
import {
  type DuplicateGuard,
  duplicateGuardItem,
  findDuplicateGuard,
  findPatient,
  findPatientIdByMrn,
  mrnItem,
  nameIndexItems,
  type PatientRecord,
  patientFromListItem,
  patientItem,
  patientKeys,
} from './store';

const NOT_EXISTS = 'attribute_not_exists(pk)';
const put = (
  Item: Record<string, unknown>,
  ConditionExpression?: string,
  values?: Record<string, unknown>,
): TxItem => ({
  Put: {
    Item,
    ...(ConditionExpression ? { ConditionExpression } : {}),
    ...(values ? { ExpressionAttributeValues: values } : {}),
  },
});

function duplicateConflict(guard: DuplicateGuard, action: 'register' | 'save'): Conflict {
  return new Conflict(
    `A patient with the same phone and date of birth exists (${guard.mrn}); send confirmDuplicate: true to ${action} anyway`,
    { existingMrn: guard.mrn, existingPatientId: guard.patientId },
  );
}

function checkDateOfBirth(ctx: Context, dateOfBirth: string): void {
  const problem = dateOfBirthProblem(dateOfBirth, todayIn(ctx.tenant.timeZone, ctx.now));
  if (problem) throw invalidField('dateOfBirth', problem);
}

/** The E.164 form of a typed number, the hospital's country standing in for a missing country code. */
function e164(ctx: Context, phone: string): string {
  const normal = normalisePhone(phone, ctx.tenant.country);
  if ('problem' in normal) {
    throw invalidField(
      'phone',
      ctx.tenant.country
        ? normal.problem
        : `${normal.problem} (the hospital has no country set to assume)`,
    );
  }
  return normal.e164;
}

/**
 * Registers a patient. A likely duplicate (same E.164 phone and date of birth) is refused with
 * 409 before an MRN is taken, unless `confirmDuplicate` is set.
 */
export async function registerPatient(ctx: Context, input: RegisterPatientInput) {
  checkDateOfBirth(ctx, input.dateOfBirth);
  const phoneE164 = e164(ctx, input.phone);
  const digits = phoneE164.slice(1);
  const { store } = ctx;

  const existing = await findDuplicateGuard(store, digits, input.dateOfBirth);
  if (existing && !input.confirmDuplicate) throw duplicateConflict(existing, 'register');
  // A confirmed duplicate leaves the guard with the first patient; a first registration takes it.
  let claimGuard = !existing;

  // A failed registration burns its number: MRNs may have gaps (docs/decisions.md).
  const mrn = formatMrn(await store.nextCounterValue(store.keys.counter('MRN')));
  const createdAt = ctx.now.toISOString();
  const record: PatientRecord = {
    id: randomUUID(),
    tenantId: ctx.tenantId,
    mrn,
    name: input.name,
    dateOfBirth: input.dateOfBirth,
    sex: input.sex,
    phone: input.phone,
    phoneE164,
    phoneDigits: digits,
    email: input.email,
    address: input.address,
    bloodGroup: input.bloodGroup,
    allergies: dedupeAllergies(input.allergies),
    emergencyContact: input.emergencyContact,
    createdAt,
    updatedAt: createdAt,
    version: 1,
    ownsDuplicateGuard: claimGuard,
    nameIndexCount: 0,
  };

  for (;;) {
    record.ownsDuplicateGuard = claimGuard;
    const index = nameIndexItems(store, record);
    record.nameIndexCount = index.length;
    const items: TxItem[] = [
      put(patientItem(store, record), NOT_EXISTS),
      put(mrnItem(store, mrn, record.id), NOT_EXISTS),
    ];
    if (claimGuard)
      items.push(named('duplicate-guard', put(duplicateGuardItem(store, record), NOT_EXISTS)));
    for (const item of index) items.push(put(item));
    try {
      await store.transact(
        items,
        'Another change to the same patient records was in progress; try again',
      );
      return view(Patient, record);
    } catch (err) {
      if (!conditionFailed(err, 'duplicate-guard')) throw err;
      // Someone registered the same phone and date of birth between our read and our write.
      if (input.confirmDuplicate) {
        claimGuard = false;
        continue;
      }
      const winner = await findDuplicateGuard(store, digits, input.dateOfBirth);
      throw winner
        ? duplicateConflict(winner, 'register')
        : new Conflict(
            'A patient with the same phone and date of birth was registered at the same moment; try again',
          );
    }
  }
}

/** One patient of the tenant; another tenant's id is a 404 like an unknown one. */
export async function getPatient(ctx: Context, input: { id: string }) {
  const record = await findPatient(ctx.store, input.id);
  if (!record) throw new NotFound(`Patient ${input.id} not found`);
  return view(Patient, record);
}

async function findByMrn(store: Store, mrn: string): Promise<Patient | undefined> {
  const id = await findPatientIdByMrn(store, mrn);
  const record = id ? await findPatient(store, id) : undefined;
  return record ? view(Patient, record) : undefined;
}

/**
 * Lists or searches patients. Without `q`: newest first. `q` is an MRN (exact), a phone number or
 * part of one (see classifyQuery) or a name prefix (any word of the name, case and accent blind).
 */
export async function listPatients(
  ctx: Context,
  query: PageRequest & { q?: string | undefined },
): Promise<Page<Patient>> {
  const { store } = ctx;
  const keys = patientKeys(store);
  const page = { limit: query.limit, cursor: query.cursor };
  if (query.q === undefined)
    return store.collectionPage('gsi1', keys.all(), page, patientFromListItem, {
      newestFirst: true,
    });
  const search = classifyQuery(query.q, ctx.tenant.country);
  switch (search.kind) {
    case 'mrn': {
      const found = search.mrn ? await findByMrn(store, search.mrn) : undefined;
      return { items: found ? [found] : [], nextCursor: null };
    }
    case 'phone':
      return search.from === 'start'
        ? store.queryPage(
            { index: 'gsi3', partition: keys.byPhone(), range: { beginsWith: search.digits } },
            page,
            patientFromListItem,
          )
        : store.queryPage(
            {
              index: 'gsi4',
              partition: keys.byPhone(),
              range: { beginsWith: phoneSuffixKey(search.digits) },
            },
            page,
            patientFromListItem,
          );
    case 'name':
      return store.queryPage(
        {
          index: 'gsi2',
          partition: keys.byName(),
          range: { beginsWith: search.prefix },
          // One entry per patient: drop an entry whose next-smaller sibling also matches.
          filter: {
            expression: 'attribute_not_exists(namePrev) OR NOT begins_with(namePrev, :prefix)',
            values: { ':prefix': search.prefix },
          },
        },
        page,
        patientFromListItem,
      );
  }
}

/**
 * Corrects a patient's details. The MRN never changes. When phone or date of birth change, the
 * duplicate guard moves with them (or a 409 answers when another patient holds the new pair,
 * unless `confirmDuplicate`); the patient item is written only if nobody changed it since it was
 * read (a version check), else 409.
 */
export async function updatePatient(ctx: Context, patch: UpdatePatientInput) {
  const { store } = ctx;
  const { id } = patch;
  const current = await findPatient(store, id);
  if (!current) throw new NotFound(`Patient ${id} not found`);
  if (patch.dateOfBirth !== undefined) checkDateOfBirth(ctx, patch.dateOfBirth);

  const pick = <K extends keyof PatientRecord>(
    key: K,
    value: PatientRecord[K] | null | undefined,
  ): PatientRecord[K] =>
    value === undefined ? current[key] : ((value ?? undefined) as PatientRecord[K]);
  const phoneE164 = patch.phone !== undefined ? e164(ctx, patch.phone) : current.phoneE164;
  const next: PatientRecord = {
    ...current,
    name: pick('name', patch.name),
    dateOfBirth: pick('dateOfBirth', patch.dateOfBirth),
    sex: pick('sex', patch.sex),
    phone: pick('phone', patch.phone),
    phoneE164,
    phoneDigits: phoneE164.slice(1),
    email: pick('email', patch.email),
    address: pick('address', patch.address),
    bloodGroup: pick('bloodGroup', patch.bloodGroup),
    allergies: patch.allergies !== undefined ? dedupeAllergies(patch.allergies) : current.allergies,
    emergencyContact: pick('emergencyContact', patch.emergencyContact),
    updatedAt: ctx.now.toISOString(),
    version: current.version + 1,
  };

  const guardMoves =
    next.phoneDigits !== current.phoneDigits || next.dateOfBirth !== current.dateOfBirth;
  let claimGuard = false;
  let alreadyHeld = false;
  if (guardMoves) {
    const holder = await findDuplicateGuard(store, next.phoneDigits, next.dateOfBirth);
    if (holder && holder.patientId !== id && !patch.confirmDuplicate)
      throw duplicateConflict(holder, 'save');
    claimGuard = !holder;
    alreadyHeld = holder?.patientId === id;
  }

  const keys = patientKeys(store);
  for (;;) {
    next.ownsDuplicateGuard = guardMoves ? claimGuard || alreadyHeld : current.ownsDuplicateGuard;
    const index = nameIndexItems(store, next);
    next.nameIndexCount = index.length;
    const items: TxItem[] = [
      named(
        'patient',
        put(patientItem(store, next), 'version = :version', { ':version': current.version }),
      ),
    ];
    if (guardMoves && current.ownsDuplicateGuard) {
      items.push({
        name: 'release-guard',
        Delete: {
          Key: keys.duplicateGuard(current.phoneDigits, current.dateOfBirth),
          ConditionExpression: 'patientId = :id',
          ExpressionAttributeValues: { ':id': id },
        },
      });
    }
    if (claimGuard)
      items.push(named('duplicate-guard', put(duplicateGuardItem(store, next), NOT_EXISTS)));
    // Name-index positions are stable: overwrite 1..new, delete the ones a shorter name no longer uses.
    for (const item of index) items.push(put(item));
    for (let position = index.length + 1; position <= current.nameIndexCount; position++) {
      items.push({ Delete: { Key: keys.nameIndex(id, position) } });
    }
    try {
      await store.transact(
        items,
        'Another change to the same patient records was in progress; try again',
      );
      return view(Patient, next);
    } catch (err) {
      const failed = failedConditionNames(err);
      if (!failed?.length) throw err;
      if (failed.includes('patient')) {
        if (!(await findPatient(store, id))) throw new NotFound(`Patient ${id} not found`);
        throw new Conflict(
          'The patient was changed by someone else at the same time; reload it and try again',
        );
      }
      if (failed.includes('duplicate-guard')) {
        if (patch.confirmDuplicate) {
          claimGuard = false;
          continue;
        }
        const winner = await findDuplicateGuard(store, next.phoneDigits, next.dateOfBirth);
        if (winner) throw duplicateConflict(winner, 'save');
      }
      if (failed.includes('release-guard') || failed.includes('duplicate-guard')) {
        throw new Conflict(
          'The patient was changed by someone else at the same time; reload it and try again',
        );
      }
      throw err;
    }
  }
}
