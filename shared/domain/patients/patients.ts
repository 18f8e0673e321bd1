/**
 * Patient registration, search, reads and corrections.
 *
 * Writes are one TransactWriteItems each: the patient item, its MRN lookup, its duplicate guard
 * (phone digits + date of birth) and its name-index items move together, so a search can never
 * find a half-registered or half-corrected patient.
 */
import { randomUUID } from 'node:crypto';
import { BadRequest, Conflict, NotFound } from '../../http/errors';
import { table } from '../../table/client';
import { nextCounterValue } from '../../table/counters';
import { failedConditions } from '../../table/errors';
import { getItem } from '../../table/items';
import { counterKey } from '../../table/keys';
import { type Page, type PageRequest, queryCollection, queryPage } from '../../table/pagination';
import { type TransactItem, transact } from '../../table/transact';
import { todayIn } from '../opd/zoned-time';
import {
  duplicateGuardItem,
  mrnItem,
  nameIndexItems,
  type PatientRecord,
  type PublicPatient,
  patientFromListItem,
  patientItem,
  patientKeys,
  patientRecord,
  publicPatient,
} from './records';
import {
  classifyQuery,
  dateOfBirthProblem,
  dedupeAllergies,
  formatMrn,
  phoneDigits,
  phoneSuffixKey,
} from './rules';
import type { RegisterPatientInput, UpdatePatientInput } from './schemas';

/** What the service needs to know about "now": the instant and the hospital's time zone. */
export interface PatientContext {
  now: Date;
  timeZone: string;
}

interface GuardItem {
  patientId: string;
  mrn: string;
}

/** A 400 shaped like the validation layer's, for rules that need the clock. */
function invalidBodyField(field: string, message: string): BadRequest {
  return new BadRequest(`Invalid body: ${field}: ${message}`, { issues: [{ field, message }] });
}

function duplicateConflict(guard: GuardItem, action: 'register' | 'save'): Conflict {
  return new Conflict(
    `A patient with the same phone and date of birth exists (${guard.mrn}); send confirmDuplicate: true to ${action} anyway`,
    { existingMrn: guard.mrn, existingPatientId: guard.patientId },
  );
}

function checkDateOfBirth(dateOfBirth: string, ctx: PatientContext): void {
  const today = todayIn(ctx.timeZone, ctx.now);
  const problem = dateOfBirthProblem(dateOfBirth, today);
  if (problem) throw invalidBodyField('dateOfBirth', problem);
}

async function readGuard(
  tenantId: string,
  digits: string,
  dateOfBirth: string,
): Promise<GuardItem | undefined> {
  return getItem<GuardItem>(patientKeys.duplicateGuard(tenantId, digits, dateOfBirth));
}

/** Takes the tenant's next MRN number from its atomic counter. A failed registration burns its number. */
const nextMrnNumber = (tenantId: string) => nextCounterValue(counterKey(tenantId, 'MRN'));

const put = (
  Item: Record<string, unknown>,
  ConditionExpression?: string,
  values?: Record<string, unknown>,
): TransactItem => ({
  Put: {
    TableName: table(),
    Item,
    ...(ConditionExpression ? { ConditionExpression } : {}),
    ...(values ? { ExpressionAttributeValues: values } : {}),
  },
});

const NOT_EXISTS = 'attribute_not_exists(pk)';

/**
 * Registers a patient. A likely duplicate (same phone digits and date of birth) is refused with
 * 409 before an MRN is taken, unless `confirmDuplicate` is set.
 */
export async function registerPatient(
  tenantId: string,
  input: RegisterPatientInput,
  ctx: PatientContext,
): Promise<PublicPatient> {
  checkDateOfBirth(input.dateOfBirth, ctx);
  const digits = phoneDigits(input.phone);

  const existing = await readGuard(tenantId, digits, input.dateOfBirth);
  if (existing && !input.confirmDuplicate) throw duplicateConflict(existing, 'register');
  // A confirmed duplicate leaves the guard with the first patient; a first registration takes it.
  let claimGuard = !existing;

  const mrn = formatMrn(await nextMrnNumber(tenantId));
  const createdAt = ctx.now.toISOString();
  const record: PatientRecord = {
    id: randomUUID(),
    tenantId,
    mrn,
    name: input.name,
    dateOfBirth: input.dateOfBirth,
    sex: input.sex,
    phone: input.phone,
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
    const index = nameIndexItems(record);
    record.nameIndexCount = index.length;
    const items: TransactItem[] = [
      put(patientItem(record), NOT_EXISTS),
      put(mrnItem(tenantId, mrn, record.id), NOT_EXISTS),
    ];
    const guardAt = claimGuard ? items.push(put(duplicateGuardItem(record), NOT_EXISTS)) - 1 : -1;
    for (const item of index) items.push(put(item));
    try {
      await transact(
        items,
        'Another change to the same patient records was in progress; try again',
      );
      return publicPatient(record);
    } catch (err) {
      if (guardAt < 0 || !failedConditions(err)?.includes(guardAt)) throw err;
      // Someone registered the same phone and date of birth between our read and our write.
      if (input.confirmDuplicate) {
        claimGuard = false;
        continue;
      }
      const winner = await readGuard(tenantId, digits, input.dateOfBirth);
      throw winner
        ? duplicateConflict(winner, 'register')
        : new Conflict(
            'A patient with the same phone and date of birth was registered at the same moment; try again',
          );
    }
  }
}

export async function getPatientRecord(
  tenantId: string,
  id: string,
): Promise<PatientRecord | undefined> {
  const item = await getItem<Record<string, unknown>>(patientKeys.patient(tenantId, id));
  return item ? patientRecord(item) : undefined;
}

/** One patient of the tenant; another tenant's id is a 404 like an unknown one. */
export async function getPatient(tenantId: string, id: string): Promise<PublicPatient> {
  const record = await getPatientRecord(tenantId, id);
  if (!record) throw new NotFound(`Patient ${id} not found`);
  return publicPatient(record);
}

/** The patient with an MRN, or undefined. Two GetItems: the MRN lookup, then the patient. */
export async function findPatientByMrn(
  tenantId: string,
  mrn: string,
): Promise<PublicPatient | undefined> {
  const patientId = (await getItem<{ patientId?: string }>(patientKeys.mrn(tenantId, mrn)))
    ?.patientId;
  if (!patientId) return undefined;
  const record = await getPatientRecord(tenantId, patientId);
  return record ? publicPatient(record) : undefined;
}

/**
 * Lists or searches patients. Without `q`: newest first. `q` is an MRN (exact), a phone-number
 * prefix (digits compared) or a name prefix (any word of the name, case and accent blind).
 */
export async function listPatients(
  tenantId: string,
  query: PageRequest & { q?: string | undefined },
): Promise<Page<PublicPatient>> {
  const page = { limit: query.limit, cursor: query.cursor };
  if (query.q === undefined)
    return queryCollection('gsi1', patientKeys.all(tenantId), page, patientFromListItem, {
      newestFirst: true,
    });
  const search = classifyQuery(query.q);
  switch (search.kind) {
    case 'mrn': {
      const found = search.mrn ? await findPatientByMrn(tenantId, search.mrn) : undefined;
      return { items: found ? [found] : [], nextCursor: null };
    }
    case 'phone': {
      const pk = patientKeys.byPhone(tenantId);
      const [index, prefix] =
        search.from === 'start'
          ? (['gsi3', search.digits] as const)
          : (['gsi4', phoneSuffixKey(search.digits)] as const);
      return queryPage(
        {
          IndexName: index,
          KeyConditionExpression: `${index}pk = :pk AND begins_with(${index}sk, :prefix)`,
          ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
        },
        { attr: `${index}pk`, value: pk },
        page,
        patientFromListItem,
      );
    }
    case 'name': {
      const pk = patientKeys.byName(tenantId);
      return queryPage(
        {
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :prefix)',
          // One entry per patient: drop an entry whose next-smaller sibling also matches.
          FilterExpression: 'attribute_not_exists(namePrev) OR NOT begins_with(namePrev, :prefix)',
          ExpressionAttributeValues: { ':pk': pk, ':prefix': search.prefix },
        },
        { attr: 'gsi2pk', value: pk },
        page,
        patientFromListItem,
      );
    }
  }
}

/**
 * Corrects a patient's details. The MRN never changes. When phone or date of birth change, the
 * duplicate guard moves with them (or a 409 answers when another patient holds the new pair,
 * unless `confirmDuplicate`); the patient item is written only if nobody changed it since it was
 * read (a version check), else 409.
 */
export async function updatePatient(
  tenantId: string,
  id: string,
  patch: UpdatePatientInput,
  ctx: PatientContext,
): Promise<PublicPatient> {
  const current = await getPatientRecord(tenantId, id);
  if (!current) throw new NotFound(`Patient ${id} not found`);
  if (patch.dateOfBirth !== undefined) checkDateOfBirth(patch.dateOfBirth, ctx);

  const pick = <K extends keyof PatientRecord>(
    key: K,
    value: PatientRecord[K] | null | undefined,
  ): PatientRecord[K] =>
    value === undefined ? current[key] : ((value ?? undefined) as PatientRecord[K]);
  const next: PatientRecord = {
    ...current,
    name: pick('name', patch.name),
    dateOfBirth: pick('dateOfBirth', patch.dateOfBirth),
    sex: pick('sex', patch.sex),
    phone: pick('phone', patch.phone),
    email: pick('email', patch.email),
    address: pick('address', patch.address),
    bloodGroup: pick('bloodGroup', patch.bloodGroup),
    allergies: patch.allergies !== undefined ? dedupeAllergies(patch.allergies) : current.allergies,
    emergencyContact: pick('emergencyContact', patch.emergencyContact),
    updatedAt: ctx.now.toISOString(),
    version: current.version + 1,
  };
  next.phoneDigits = phoneDigits(next.phone);

  const guardMoves =
    next.phoneDigits !== current.phoneDigits || next.dateOfBirth !== current.dateOfBirth;
  let claimGuard = false;
  let alreadyHeld = false;
  if (guardMoves) {
    const holder = await readGuard(tenantId, next.phoneDigits, next.dateOfBirth);
    if (holder && holder.patientId !== id && !patch.confirmDuplicate)
      throw duplicateConflict(holder, 'save');
    claimGuard = !holder;
    alreadyHeld = holder?.patientId === id;
  }

  for (;;) {
    next.ownsDuplicateGuard = guardMoves ? claimGuard || alreadyHeld : current.ownsDuplicateGuard;
    const index = nameIndexItems(next);
    next.nameIndexCount = index.length;
    const items: TransactItem[] = [
      put(patientItem(next), 'version = :version', { ':version': current.version }),
    ];
    let releaseAt = -1;
    let claimAt = -1;
    if (guardMoves && current.ownsDuplicateGuard) {
      releaseAt =
        items.push({
          Delete: {
            TableName: table(),
            Key: patientKeys.duplicateGuard(tenantId, current.phoneDigits, current.dateOfBirth),
            ConditionExpression: 'patientId = :id',
            ExpressionAttributeValues: { ':id': id },
          },
        }) - 1;
    }
    if (claimGuard) claimAt = items.push(put(duplicateGuardItem(next), NOT_EXISTS)) - 1;
    // Name-index positions are stable: overwrite 1..new, delete the ones a shorter name no longer uses.
    for (const item of index) items.push(put(item));
    for (let position = index.length + 1; position <= current.nameIndexCount; position++) {
      items.push({
        Delete: { TableName: table(), Key: patientKeys.nameIndex(tenantId, id, position) },
      });
    }
    try {
      await transact(
        items,
        'Another change to the same patient records was in progress; try again',
      );
      return publicPatient(next);
    } catch (err) {
      const failed = failedConditions(err);
      if (!failed?.length) throw err;
      if (failed.includes(0)) {
        if (!(await getPatientRecord(tenantId, id))) throw new NotFound(`Patient ${id} not found`);
        throw new Conflict(
          'The patient was changed by someone else at the same time; reload it and try again',
        );
      }
      if (failed.includes(claimAt)) {
        if (patch.confirmDuplicate) {
          claimGuard = false;
          continue;
        }
        const winner = await readGuard(tenantId, next.phoneDigits, next.dateOfBirth);
        if (winner) throw duplicateConflict(winner, 'save');
      }
      if (failed.includes(releaseAt) || failed.includes(claimAt)) {
        throw new Conflict(
          'The patient was changed by someone else at the same time; reload it and try again',
        );
      }
      throw err;
    }
  }
}
