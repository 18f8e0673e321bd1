/**
 * A patient's pregnancy status as recorded on an admission or an encounter, and what it does to
 * NEWS2: the RCP (NEWS2, 2017) says NEWS2 "is not validated … in pregnancy"; obstetric early
 * warning charts (MEOWS) are used in pregnancy and in the puerperium, the six weeks after
 * delivery. So NEWS2 is withheld, as for under-16s, while a patient is recorded as pregnant, or as
 * postpartum up to 42 days after the recorded delivery date; after that a postpartum record has
 * lapsed (it is not shown as current) and NEWS2 applies again.
 */
import { LocalDateSchema } from '../kernel/time/dates';
import { addDays } from '../kernel/time/zoned-time';
import * as z from '../kernel/zod';

export const PREGNANCY_STATUSES = ['pregnant', 'postpartum', 'not-pregnant'] as const;
export type PregnancyStatusValue = (typeof PREGNANCY_STATUSES)[number];

/** The puerperium: six weeks after delivery. */
export const POSTPARTUM_DAYS = 42;

/** The fields of a pregnancy status as sent (with pregnancyRule, which ties them together). */
export const pregnancyFields = {
  status: z.enum(PREGNANCY_STATUSES, {
    error: `status must be one of: ${PREGNANCY_STATUSES.join(', ')}`,
  }),
  /** The delivery date (hospital's local date), for `postpartum` only. */
  deliveryDate: z.optional(LocalDateSchema),
};

/** A postpartum status needs its delivery date; the other statuses take none. */
export function pregnancyRule(
  p: { status: PregnancyStatusValue; deliveryDate?: string | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  if (p.status === 'postpartum' && !p.deliveryDate)
    ctx.addIssue({
      code: 'custom',
      path: ['deliveryDate'],
      message: "is required when status is 'postpartum' (NEWS2 is withheld for 42 days after it)",
    });
  if (p.status !== 'postpartum' && p.deliveryDate)
    ctx.addIssue({
      code: 'custom',
      path: ['deliveryDate'],
      message: "is only accepted when status is 'postpartum'",
    });
}

export const PregnancyStatusSchema = z
  .strictObject(pregnancyFields)
  .check(z.superRefine(pregnancyRule));
export type PregnancyStatus = z.output<typeof PregnancyStatusSchema>;

/** As stored: the status with who recorded it and when. */
export const PregnancyRecordSchema = z.strictObject({
  status: z.enum(PREGNANCY_STATUSES),
  deliveryDate: z.optional(z.string()),
  recordedAt: z.string(),
  recordedBy: z.string(),
});

/** Whether the record withholds NEWS2 on `today` (local date): pregnant, or postpartum ≤ 42 days. */
export function pregnancyWithholdsNews2(
  record: Pick<PregnancyStatus, 'status' | 'deliveryDate'> | undefined,
  today: string,
): 'pregnant' | 'postpartum' | null {
  if (record?.status === 'pregnant') return 'pregnant';
  if (record?.status === 'postpartum' && record.deliveryDate)
    return today <= addDays(record.deliveryDate, POSTPARTUM_DAYS) ? 'postpartum' : null;
  return null;
}
