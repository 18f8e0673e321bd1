/**
 * Where a diagnostic or surgical order comes from: an outpatient encounter or an inpatient
 * admission. Lab, radiology and theatre orders share this union; the lab resolves it
 * (shared/modules/lab/source.ts). Here, not behind the lab's index, so a module's schemas use it
 * without reaching the lab's services (and the encounters and admissions modules they read):
 * code splitting would put those in the function's start.
 */
import { idParam } from '../kernel/fields';
import * as z from '../kernel/zod';

export const SOURCE_KINDS = ['encounter', 'admission'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const OrderSourceSchema = z.strictObject({
  kind: z.enum(SOURCE_KINDS, { message: 'must be encounter or admission' }),
  id: idParam(),
});
export type OrderSource = z.output<typeof OrderSourceSchema>;
