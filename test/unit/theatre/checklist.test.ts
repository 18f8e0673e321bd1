import { describe, expect, it } from 'vitest';
import {
  type ChecklistItemDef,
  type Confirmation,
  checklistOf,
  confirmProblem,
  countsProblem,
  currentPhase,
  localItemProblem,
  outstanding,
  phaseComplete,
} from '../../../shared/modules/theatre/checklist';
import {
  CASE_TRANSITIONS,
  GUARDED_BY,
  mayBump,
  nextTimelineEvent,
} from '../../../shared/modules/theatre/status';

// The WHO Surgical Safety Checklist, 2009 edition, written out by hand from the published form:
// each phase's items in order, and who the form addresses each to.
const WHO_2009: Record<string, [string, string][]> = {
  'sign-in': [
    ['patient-confirmed', 'nurse'],
    ['site-marked', 'nurse'],
    ['anaesthesia-check', 'anaesthetist'],
    ['pulse-oximeter', 'anaesthetist'],
    ['known-allergy', 'anaesthetist'],
    ['difficult-airway', 'anaesthetist'],
    ['blood-loss-risk', 'anaesthetist'],
  ],
  'time-out': [
    ['team-introduced', 'nurse'],
    ['patient-procedure-site', 'surgeon'],
    ['antibiotic-prophylaxis', 'anaesthetist'],
    ['surgeon-critical-events', 'surgeon'],
    ['anaesthetist-concerns', 'anaesthetist'],
    ['sterility-equipment', 'nurse'],
    ['imaging-displayed', 'surgeon'],
  ],
  'sign-out': [
    ['procedure-recorded', 'nurse'],
    ['counts-complete', 'nurse'],
    ['specimens-labelled', 'nurse'],
    ['equipment-problems', 'nurse'],
    ['recovery-concerns', 'surgeon'],
  ],
};

const confirmedAll = (items: readonly ChecklistItemDef[], phase?: string) =>
  Object.fromEntries(
    items
      .filter((i) => !phase || i.phase === phase)
      .map((i): [string, Confirmation] => [
        i.code,
        { code: i.code, answer: i.answers[0]!, by: 'u', byName: 'U', role: i.confirmer, at: 'x' },
      ]),
  );

const LOCAL: ChecklistItemDef[] = [
  {
    code: 'vte-prophylaxis',
    phase: 'time-out',
    text: 'VTE prophylaxis',
    confirmer: 'surgeon',
    answers: ['confirmed'],
  },
];

describe('the WHO checklist (2009)', () => {
  it('has every core item of each phase, in order, with the confirmer the form names', () => {
    const list = checklistOf([]);
    for (const [phase, items] of Object.entries(WHO_2009))
      expect(list.filter((i) => i.phase === phase).map((i) => [i.code, i.confirmer])).toEqual(
        items,
      );
    expect(list).toHaveLength(19);
  });

  it('adds local items at the end of their phase and never lets them replace a core item', () => {
    const list = checklistOf(LOCAL);
    const timeOut = list.filter((i) => i.phase === 'time-out').map((i) => i.code);
    expect(timeOut.at(-1)).toBe('vte-prophylaxis');
    expect(list.find((i) => i.code === 'vte-prophylaxis')?.local).toBe(true);
    expect(localItemProblem([{ code: 'site-marked' }])).toMatch(/core WHO item/);
    expect(localItemProblem([{ code: 'a-b' }, { code: 'a-b' }])).toMatch(/twice/);
    expect(localItemProblem(LOCAL)).toBeNull();
  });

  it('keeps phases in order: a Time Out item waits for every Sign In item', () => {
    const list = checklistOf(LOCAL);
    const signIn = confirmedAll(list, 'sign-in');
    const { 'blood-loss-risk': _last, ...allButOne } = signIn;
    expect(confirmProblem(list, allButOne, 'team-introduced')).toBe(
      'Sign In (before induction of anaesthesia) is not complete: blood-loss-risk',
    );
    expect(confirmProblem(list, signIn, 'team-introduced')).toBeNull();
    // Sign Out waits for Time Out, local items included.
    const timeOutButLocal = {
      ...signIn,
      ...confirmedAll(
        list.filter((i) => !i.local),
        'time-out',
      ),
    };
    expect(confirmProblem(list, timeOutButLocal, 'counts-complete')).toMatch(
      /Time Out .* not complete: vte-prophylaxis$/,
    );
    expect(confirmProblem(list, signIn, 'site-marked')).toBe('site-marked was already confirmed');
    expect(confirmProblem(list, {}, 'no-such-item')).toMatch(/not an item/);
  });

  it('answers the current phase and what is outstanding', () => {
    const list = checklistOf([]);
    expect(currentPhase(list, {})).toBe('sign-in');
    expect(currentPhase(list, confirmedAll(list, 'sign-in'))).toBe('time-out');
    expect(currentPhase(list, confirmedAll(list))).toBeNull();
    expect(outstanding(list, {}, 'sign-out').map((i) => i.code)).toEqual(
      WHO_2009['sign-out']!.map(([c]) => c),
    );
    expect(phaseComplete(list, confirmedAll(list, 'sign-in'), 'sign-in')).toBe(true);
  });

  it('reconciles counts, or asks for the discrepancy action', () => {
    const even = { before: 10, after: 10 };
    expect(countsProblem(undefined)).toMatch(/required/);
    expect(countsProblem({ counts: { instruments: even, swabs: even, needles: even } })).toBeNull();
    expect(
      countsProblem({
        counts: { instruments: even, swabs: { before: 20, after: 19 }, needles: even },
      }),
    ).toBe('the swabs count does not reconcile: record the discrepancy action taken');
    expect(
      countsProblem({
        counts: {
          instruments: { before: 1, after: 0 },
          swabs: { before: 20, after: 19 },
          needles: even,
        },
      }),
    ).toBe('the instruments, swabs counts do not reconcile: record the discrepancy action taken');
    expect(
      countsProblem({
        counts: { instruments: even, swabs: { before: 20, after: 19 }, needles: even },
        discrepancyAction: 'Wound explored, X-ray negative, incident reported',
      }),
    ).toBeNull();
    expect(
      countsProblem({
        counts: { instruments: even, swabs: { before: 20, after: 19 }, needles: even },
        discrepancyAction: '   ',
      }),
    ).toMatch(/discrepancy/);
  });
});

describe('case lifecycle and timeline', () => {
  it('allows only these status moves', () => {
    expect(CASE_TRANSITIONS).toEqual({
      waiting: ['scheduled', 'cancelled'],
      scheduled: ['waiting', 'in-theatre', 'cancelled'],
      'in-theatre': ['completed'],
      completed: [],
      cancelled: [],
    });
  });

  it('orders the timeline and guards anaesthesia, incision and leaving the room', () => {
    expect(nextTimelineEvent({})).toBe('in-room');
    expect(nextTimelineEvent({ 'in-room': 'a', 'anaesthesia-start': 'b' })).toBe('incision');
    expect(
      nextTimelineEvent({
        'in-room': 'a',
        'anaesthesia-start': 'b',
        incision: 'c',
        closure: 'd',
        'out-of-room': 'e',
      }),
    ).toBeNull();
    expect(GUARDED_BY).toEqual({
      'anaesthesia-start': 'sign-in',
      incision: 'time-out',
      'out-of-room': 'sign-out',
    });
  });

  it('lets only immediate and urgent cases (NCEPOD) bump elective ones', () => {
    expect(mayBump('immediate')).toBe(true);
    expect(mayBump('urgent')).toBe(true);
    expect(mayBump('expedited')).toBe(false);
    expect(mayBump('elective')).toBe(false);
  });
});
