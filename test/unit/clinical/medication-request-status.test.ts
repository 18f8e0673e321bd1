import { describe, expect, it } from 'vitest';
import {
  assertMedicationRequestTransition,
  LIVE_MEDICATION_STATUSES,
  MEDICATION_REQUEST_TRANSITIONS,
  MEDICATION_STATUSES_NEEDING_REASON,
  medicationRequestStatusTableMarkdown,
} from '../../../shared/clinical/medication-request-status';
import {
  MEDICATION_REQUEST_STATUSES,
  type MedicationRequestStatus,
  MedicationRequestStatusSchema,
} from '../../../shared/clinical/prescribing';
import { type Conflict, Invalid } from '../../../shared/kernel/errors';
import { requireReasonFor } from '../../../shared/kernel/state-machine';
import * as z from '../../../shared/kernel/zod';
import { thrownBy } from '../../support/thrown';

const LIVE_NEXT: MedicationRequestStatus[] = [
  'completed',
  'stopped',
  'cancelled',
  'entered-in-error',
];
const EXPECTED: Record<MedicationRequestStatus, MedicationRequestStatus[]> = {
  draft: [],
  active: ['on-hold', ...LIVE_NEXT],
  'on-hold': ['active', ...LIVE_NEXT],
  ended: [],
  stopped: [],
  completed: [],
  cancelled: [],
  'entered-in-error': [],
  unknown: [],
};

describe('MedicationRequest status table', () => {
  it('covers the FHIR R5 vocabulary with the expected transitions', () => {
    expect(Object.keys(MEDICATION_REQUEST_TRANSITIONS).sort()).toEqual(
      [...MEDICATION_REQUEST_STATUSES].sort(),
    );
    for (const [from, to] of Object.entries(EXPECTED))
      expect(
        [...MEDICATION_REQUEST_TRANSITIONS[from as MedicationRequestStatus]].sort(),
        from,
      ).toEqual([...to].sort());
    expect([...LIVE_MEDICATION_STATUSES]).toEqual(['active', 'on-hold']);
  });

  const pairs = MEDICATION_REQUEST_STATUSES.flatMap((from) =>
    MEDICATION_REQUEST_STATUSES.map((to) => [from, to] as const),
  );
  it.each(pairs)('%s → %s follows the table', (from, to) => {
    if (EXPECTED[from].includes(to))
      expect(() => assertMedicationRequestTransition(from, to, 'because')).not.toThrow();
    else
      expect(
        (thrownBy(() => assertMedicationRequestTransition(from, to, 'because')) as Conflict)
          .details,
      ).toEqual({ from, to, allowed: EXPECTED[from] });
  });

  it('holding, stopping, cancelling and marking in error need a reason; completing does not', () => {
    for (const to of MEDICATION_STATUSES_NEEDING_REASON) {
      const error = thrownBy(() =>
        assertMedicationRequestTransition('active', to, '  '),
      ) as Invalid;
      expect(error, to).toBeInstanceOf(Invalid);
      expect(error.message).toBe(`reason: is required to set a prescription '${to}'`);
    }
    expect(() => assertMedicationRequestTransition('active', 'completed')).not.toThrow();
    expect(() => assertMedicationRequestTransition('on-hold', 'active')).not.toThrow();
  });

  it('renders the documented table from the enforced one', () => {
    const md = medicationRequestStatusTableMarkdown();
    expect(md).toContain(
      '| `active` | `on-hold`, `completed`, `stopped`, `cancelled`, `entered-in-error` |',
    );
    expect(md).toContain('| `draft` | none (not used by this service) |');
    expect(md).toContain('| `stopped` | none (terminal) |');
  });
});

describe('requireReasonFor (edge validation of status changes)', () => {
  const Body = z
    .strictObject({ status: MedicationRequestStatusSchema, reason: z.optional(z.string()) })
    .check(z.superRefine(requireReasonFor(MEDICATION_STATUSES_NEEDING_REASON)));
  it('names the reason field when a status needs one', () => {
    const res = Body.safeParse({ status: 'stopped', reason: ' ' });
    expect(res.success).toBe(false);
    expect(res.error!.issues).toEqual([
      expect.objectContaining({
        path: ['reason'],
        message: "is required when status is 'stopped'",
      }),
    ]);
    expect(Body.safeParse({ status: 'stopped', reason: 'rash' }).success).toBe(true);
    expect(Body.safeParse({ status: 'completed' }).success).toBe(true);
  });
});
