/**
 * Storage of decision support: the hospital's rule settings (one item per rule that was ever
 * switched, with its audited history) and the overrides of cards, in the patient's own partition
 * of this module (`CDSOVERRIDE#<patient>`), newest last.
 */
import { defineRecord } from '../../kernel/records';
import type { Store } from '../../kernel/store/store';
import * as z from '../../kernel/zod';
import { FeedbackRecordSchema, Override, RuleSettingChange } from './schemas';

export const OverrideRecord = defineRecord('CdsOverride', Override);
export type OverrideRecord = z.output<typeof Override>;
export const RuleSettingRecord = defineRecord(
  'CdsRuleSetting',
  z.strictObject({ ruleId: z.string(), enabled: z.boolean(), history: z.array(RuleSettingChange) }),
);
export type RuleSettingRecord = z.output<typeof RuleSettingRecord.schema>;

export const cdsKeys = (store: Store) => ({
  override: (patientId: string, at: string, id: string) =>
    store.keys.child('CDSOVERRIDE', patientId, 'OVERRIDE', at, id),
  overrides: (patientId: string) => store.keys.entityPk('CDSOVERRIDE', patientId),
  setting: (ruleId: string) => store.keys.child('CDSRULES', 'settings', 'RULE', ruleId),
  settings: () => store.keys.entityPk('CDSRULES', 'settings'),
});

export async function ruleSettings(store: Store): Promise<Map<string, RuleSettingRecord>> {
  const items = await store.query({ partition: cdsKeys(store).settings() });
  const list = items.map((i) => RuleSettingRecord.read(i));
  return new Map(list.map((s) => [s.ruleId, s]));
}

export function overrideItem(store: Store, o: OverrideRecord) {
  return OverrideRecord.item(o, cdsKeys(store).override(o.patientId, o.overriddenAt, o.id));
}

export async function patientOverrides(store: Store, patientId: string): Promise<OverrideRecord[]> {
  const items = await store.query({ partition: cdsKeys(store).overrides(patientId) });
  return items.map((i) => OverrideRecord.read(i));
}

export const FeedbackRecord = defineRecord('CdsFeedback', FeedbackRecordSchema);
export type FeedbackRecord = z.output<typeof FeedbackRecordSchema>;

/**
 * One item per service, card, outcome and outcome time: a repeated delivery of the same feedback
 * writes the same item again (no duplicate), in the service's partition of this hospital.
 */
export function feedbackItem(store: Store, f: FeedbackRecord) {
  return FeedbackRecord.item(
    f,
    store.keys.child('CDSFEEDBACK', f.serviceId, 'CARD', f.card, f.outcome, f.outcomeTimestamp),
  );
}

export async function serviceFeedback(store: Store, serviceId: string): Promise<FeedbackRecord[]> {
  const items = await store.query({ partition: store.keys.entityPk('CDSFEEDBACK', serviceId) });
  return items.map((i) => FeedbackRecord.read(i));
}

/** The ids of the rules this hospital switched off (their setting's latest state). */
export async function disabledRuleIds(store: Store): Promise<Set<string>> {
  const settings = await ruleSettings(store);
  return new Set([...settings.values()].filter((s) => !s.enabled).map((s) => s.ruleId));
}
