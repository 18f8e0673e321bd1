import { describe, expect, it } from 'vitest';
import { Conflict, Invalid } from '../../../shared/kernel/errors';
import {
  assertEncounterTransition,
  ENCOUNTER_STATUS_TRANSITIONS,
  ENCOUNTER_STATUSES,
  ENCOUNTER_STATUSES_NEEDING_REASON,
  type EncounterStatus,
  EncounterStatusSchema,
  encounterStatusTableMarkdown,
  FINISHED_ENCOUNTER_STATUSES,
  isEncounterFinished,
  nextEncounterStatuses,
} from '../../../shared/modules/encounters/status';
import { thrownBy } from '../../support/thrown';

const EXPECTED: Record<EncounterStatus, EncounterStatus[]> = {
  planned: ['in-progress', 'cancelled', 'entered-in-error'],
  'in-progress': ['on-hold', 'completed', 'discontinued', 'entered-in-error'],
  'on-hold': ['in-progress', 'completed', 'discontinued', 'entered-in-error'],
  discharged: [],
  completed: [],
  cancelled: [],
  discontinued: [],
  'entered-in-error': [],
  unknown: [],
};

describe('EncounterStatusSchema', () => {
  it('accepts the FHIR R5 Encounter.status vocabulary and nothing else', () => {
    expect([...ENCOUNTER_STATUSES].sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const status of ENCOUNTER_STATUSES)
      expect(EncounterStatusSchema.parse(status)).toBe(status);
    for (const value of ['finished', 'arrived', 'triaged', 'in progress', '']) {
      expect(EncounterStatusSchema.safeParse(value).success).toBe(false);
    }
  });
});

describe('ENCOUNTER_STATUS_TRANSITIONS', () => {
  it('matches the specified lifecycle', () => {
    expect(Object.keys(ENCOUNTER_STATUS_TRANSITIONS).sort()).toEqual(
      [...ENCOUNTER_STATUSES].sort(),
    );
    for (const status of ENCOUNTER_STATUSES) {
      expect([...ENCOUNTER_STATUS_TRANSITIONS[status]].sort()).toEqual(
        [...EXPECTED[status]].sort(),
      );
      expect(nextEncounterStatuses(status)).toBe(ENCOUNTER_STATUS_TRANSITIONS[status]);
    }
  });

  it('treats completed, cancelled, discontinued and entered-in-error as finished', () => {
    expect([...FINISHED_ENCOUNTER_STATUSES].sort()).toEqual([
      'cancelled',
      'completed',
      'discontinued',
      'entered-in-error',
    ]);
    for (const status of ENCOUNTER_STATUSES) {
      expect(isEncounterFinished(status)).toBe(FINISHED_ENCOUNTER_STATUSES.includes(status));
    }
    for (const status of FINISHED_ENCOUNTER_STATUSES)
      expect(ENCOUNTER_STATUS_TRANSITIONS[status]).toEqual([]);
  });
});

describe('assertEncounterTransition', () => {
  const pairs = ENCOUNTER_STATUSES.flatMap((from) =>
    ENCOUNTER_STATUSES.map((to) => [from, to] as const),
  );

  it.each(pairs)('%s → %s follows the table', (from, to) => {
    if (EXPECTED[from].includes(to)) {
      expect(() => assertEncounterTransition(from, to, 'reason given')).not.toThrow();
    } else {
      const error = thrownBy(() => assertEncounterTransition(from, to)) as Conflict;
      expect(error).toBeInstanceOf(Conflict);
      expect(error.details).toEqual({ from, to, allowed: EXPECTED[from] });
    }
  });

  it('uses the same message style as appointments', () => {
    expect(
      (thrownBy(() => assertEncounterTransition('completed', 'in-progress')) as Conflict).message,
    ).toBe(
      "Cannot change encounter status from 'completed' to 'in-progress'; allowed next states: none",
    );
    expect(
      (thrownBy(() => assertEncounterTransition('planned', 'completed')) as Conflict).message,
    ).toBe(
      "Cannot change encounter status from 'planned' to 'completed'; allowed next states: in-progress, cancelled, entered-in-error",
    );
  });
});

describe('encounterStatusTableMarkdown', () => {
  it('renders every status', () => {
    const markdown = encounterStatusTableMarkdown();
    for (const status of ENCOUNTER_STATUSES) expect(markdown).toContain(`| \`${status}\` |`);
    expect(markdown).toContain(
      '| `in-progress` | `on-hold`, `completed`, `discontinued`, `entered-in-error` |',
    );
    expect(markdown).toContain('| `completed` | none (terminal) |');
    expect(markdown).toContain('| `discharged` | none (not used by this service) |');
  });
});

describe('encounter endings that need a reason', () => {
  it('discontinued, entered-in-error and cancelled need a statusReason; completed and on-hold do not', () => {
    expect([...ENCOUNTER_STATUSES_NEEDING_REASON].sort()).toEqual([
      'cancelled',
      'discontinued',
      'entered-in-error',
    ]);
    for (const reason of [undefined, null, '', '   ']) {
      const error = thrownBy(() =>
        assertEncounterTransition('in-progress', 'discontinued', reason),
      ) as Invalid;
      expect(error).toBeInstanceOf(Invalid);
      expect(error.message).toBe("statusReason: is required when status is 'discontinued'");
      expect(
        thrownBy(() => assertEncounterTransition('on-hold', 'entered-in-error', reason)),
      ).toBeInstanceOf(Invalid);
    }
    expect(() => assertEncounterTransition('in-progress', 'completed')).not.toThrow();
    expect(() => assertEncounterTransition('in-progress', 'on-hold')).not.toThrow();
  });

  it('a forbidden transition is a 409 before a missing reason is a 400', () => {
    expect(
      thrownBy(() => assertEncounterTransition('completed', 'entered-in-error')),
    ).toBeInstanceOf(Conflict);
  });
});
