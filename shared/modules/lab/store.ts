/**
 * Storage of the lab. Catalogue tests and panels are listed by code (gsi1). An order is one item
 * holding its specimens and results, so every step is one conditional write on its `version`;
 * it is listed by patient (gsi2, by order instant) and, while work is pending, on the worklist of
 * its step (gsi3, stat before urgent before routine, then oldest first). Critical alerts live in
 * their order's partition and sit on the unacknowledged-criticals worklist (gsi3) until
 * acknowledged, when that index attribute is removed.
 */
import { defineRecord } from '../../kernel/records';
import { sortKey } from '../../kernel/store/keys';
import type { Item, Store, TxItem } from '../../kernel/store/store';
import type * as z from '../../kernel/zod';
import { CriticalAlert, LabOrder, LabPanel, LabTest, type Priority } from './schemas';
import type { LabStep } from './status';

export const LabTestRecord = defineRecord('LabTest', LabTest);
export const LabPanelRecord = defineRecord('LabPanel', LabPanel);
export const LabOrderRecord = defineRecord('LabOrder', LabOrder);
export const CriticalAlertRecord = defineRecord('LabCriticalAlert', CriticalAlert);
export type LabOrderRecord = z.output<typeof LabOrderRecord.schema>;

const PRIORITY_RANK: Record<Priority, number> = { stat: 0, urgent: 1, routine: 2 };

/** The worklist each pending step is on. */
export const STEP_WORKLIST: Partial<Record<LabStep, string>> = {
  'awaiting-collection': 'collection',
  'awaiting-entry': 'entry',
  'awaiting-verification': 'verification',
};

export const labKeys = (store: Store) => ({
  test: (code: string) => store.keys.entity('LABTEST', code),
  tests: () => store.keys.collection('LABTESTS'),
  panel: (code: string) => store.keys.entity('LABPANEL', code),
  panels: () => store.keys.collection('LABPANELS'),
  order: (id: string) => store.keys.entity('LABORDER', id),
  alert: (orderId: string, raisedAt: string, alertId: string) =>
    store.keys.child('LABORDER', orderId, 'ALERT', raisedAt, alertId),
  byPatient: (patientId: string) => store.keys.collection('LABORDERS', 'PATIENT', patientId),
  worklist: (list: string) => store.keys.collection('LABWORK', list),
  accessionCounter: () => store.keys.counter('LAB-ACCESSION'),
});

export function testItem(store: Store, t: z.output<typeof LabTest>): Item {
  const keys = labKeys(store);
  return LabTestRecord.item(t, { ...keys.test(t.code), gsi1pk: keys.tests(), gsi1sk: t.code });
}

export function panelItem(store: Store, p: z.output<typeof LabPanel>): Item {
  const keys = labKeys(store);
  return LabPanelRecord.item(p, { ...keys.panel(p.code), gsi1pk: keys.panels(), gsi1sk: p.code });
}

/** An order is on a worklist while it is active and its step is pending. */
export function orderWorklist(o: Pick<LabOrderRecord, 'status' | 'step'>): string | undefined {
  return o.status === 'active' ? STEP_WORKLIST[o.step] : undefined;
}

export function orderItem(store: Store, o: LabOrderRecord): Item {
  const keys = labKeys(store);
  const list = orderWorklist(o);
  return LabOrderRecord.item(o, {
    ...keys.order(o.id),
    gsi2pk: keys.byPatient(o.patientId),
    gsi2sk: sortKey(o.orderedAt, o.id),
    ...(list
      ? {
          gsi3pk: keys.worklist(list),
          gsi3sk: sortKey(PRIORITY_RANK[o.priority], o.orderedAt, o.id),
        }
      : {}),
  });
}

/**
 * The write of an order: a new one must not exist; a changed one must still be at the version it
 * was read at, so two changes to the same order cannot both win.
 */
export function putOrder(store: Store, next: LabOrderRecord, readVersion: number | null): TxItem {
  return {
    Put: {
      Item: orderItem(store, next),
      ...(readVersion === null
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : {
            ConditionExpression: '#version = :version',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':version': readVersion },
          }),
    },
  };
}

export function alertItem(store: Store, a: z.output<typeof CriticalAlert>): Item {
  const keys = labKeys(store);
  return CriticalAlertRecord.item(a, {
    ...keys.alert(a.orderId, a.raisedAt, a.id),
    gsi2pk: store.keys.collection('LABALERTS', 'DOCTOR', a.doctorId),
    gsi2sk: sortKey(a.raisedAt, a.id),
    ...(a.acknowledgedAt
      ? {}
      : { gsi3pk: keys.worklist('critical'), gsi3sk: sortKey(a.raisedAt, a.id) }),
  });
}

export async function findOrder(store: Store, id: string): Promise<LabOrderRecord | undefined> {
  const item = await store.get(labKeys(store).order(id), { consistent: true });
  return item ? LabOrderRecord.read(item) : undefined;
}

export async function orderAlerts(store: Store, orderId: string) {
  const items = await store.query({
    partition: labKeys(store).order(orderId).pk,
    range: { beginsWith: 'ALERT#' },
    consistent: true,
  });
  return items.map((i) => CriticalAlertRecord.read(i));
}

export async function readCatalogue(store: Store) {
  const keys = labKeys(store);
  const [tests, panels] = await Promise.all([
    store.query({ index: 'gsi1', partition: keys.tests() }),
    store.query({ index: 'gsi1', partition: keys.panels() }),
  ]);
  return {
    tests: tests.map((i) => LabTestRecord.read(i)),
    panels: panels.map((i) => LabPanelRecord.read(i)),
  };
}

/** The patient's latest orders, newest first (decision support reads their results). */
export async function recentPatientOrders(
  store: Store,
  patientId: string,
  limit = 50,
): Promise<LabOrderRecord[]> {
  const page = await store.queryPage(
    { index: 'gsi2', partition: labKeys(store).byPatient(patientId), newestFirst: true },
    { limit },
    (item) => LabOrderRecord.read(item),
  );
  return page.items;
}

/**
 * The critical-result alerts nobody has acknowledged yet on these orders (decision support cards
 * them; a discharge stops on them). Only orders with results can have one.
 */
export async function openAlertsOf(
  store: Store,
  orders: readonly LabOrderRecord[],
): Promise<z.output<typeof CriticalAlert>[]> {
  const withResults = orders.filter((o) => o.results.length > 0 && o.status !== 'entered-in-error');
  const alerts = await Promise.all(withResults.map((o) => orderAlerts(store, o.id)));
  return alerts.flat().filter((a) => !a.acknowledgedAt);
}

/** Where orders stand, by id (the theatre shows its specimens' orders); unknown ids are left out. */
export async function orderStates(
  store: Store,
  ids: readonly string[],
): Promise<Map<string, Pick<LabOrderRecord, 'status' | 'step' | 'reportStatus'>>> {
  const found = await Promise.all(ids.map((id) => findOrder(store, id)));
  return new Map(
    found
      .filter((o) => o !== undefined)
      .map((o) => [o.id, { status: o.status, step: o.step, reportStatus: o.reportStatus }]),
  );
}
