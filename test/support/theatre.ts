import { randomUUID } from 'node:crypto';
import { zonedDateTimeToUtc } from '../../shared/kernel/time/zoned-time';
import type { Client } from './api';
import { inpatientHospital, must } from './inpatient';

export { must };

/** Every core item of the WHO checklist by phase, written out by hand, with its confirmer. */
export const CORE_ITEMS: Record<string, [string, 'nurse' | 'anaesthetist' | 'surgeon'][]> = {
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

export const EVEN_COUNTS = {
  counts: {
    instruments: { before: 42, after: 42 },
    swabs: { before: 20, after: 20 },
    needles: { before: 6, after: 6 },
  },
};

type Staff = { user: { id: string; name: string }; token: string; api: Client };

/**
 * An inpatient hospital with a theatre coordinator, an anaesthetist besides the surgeon (the OPD
 * doctor) and the scrub nurse (the OPD nurse), a theatre and helpers to open sessions and request
 * cases from a walk-in encounter or an admission.
 */
export async function theatreHospital(baseUrl: string, timezone: string) {
  const h = await inpatientHospital(baseUrl, timezone);
  const [coordinator, anaesthetist] = await Promise.all([
    h.staff('THEATRE_COORDINATOR'),
    h.staff('DOCTOR'),
  ]);
  const surgeon: Staff = h.doctorUser;
  const scrubNurse: Staff = h.nurse;
  const theatre = async (overrides: Record<string, unknown> = {}) => {
    const code = `OT${randomUUID().slice(0, 4)}`;
    return must(
      coordinator.api.put(`/theatre/theatres/${code}`, {
        name: `Theatre ${code}`,
        type: 'general',
        equipment: ['laparoscopy-tower', 'laminar-flow'],
        pricePerMinuteMinor: 1000,
        ...overrides,
      }),
      200,
      'theatre',
    );
  };
  /** A session of a theatre from `from` to `to` (local times) on `date`. */
  const session = async (
    theatreCode: string,
    date: string,
    from: string,
    to: string,
    overrides: Record<string, unknown> = {},
  ) =>
    must(
      coordinator.api.post('/theatre/sessions', {
        theatre: theatreCode,
        start: zonedDateTimeToUtc(date, from, timezone).toISOString(),
        end: zonedDateTimeToUtc(date, to, timezone).toISOString(),
        surgeonId: surgeon.user.id,
        anaesthetistId: anaesthetist.user.id,
        ...overrides,
      }),
      201,
      'session',
    );
  /** A walk-in encounter of a new patient (or the given one), the source of a day case. */
  const encounter = async (patientId?: string) => {
    const pid = patientId ?? (await h.patient()).id;
    const enc = await must(
      h.doctorUser.api.post('/encounters', {
        patientId: pid,
        chiefComplaint: 'Right iliac fossa pain',
      }),
      201,
      'encounter',
    );
    return { patientId: pid, encounterId: enc.id as string };
  };
  /** A case requested by the surgeon; the team defaults to the hospital's. */
  const requestCase = async (overrides: Record<string, unknown> = {}, source?: unknown) => {
    const src = source ?? { kind: 'encounter', id: (await encounter()).encounterId };
    return must(
      surgeon.api.post('/theatre/cases', {
        source: src,
        procedure: { text: 'Laparoscopic appendicectomy', icd10pcs: '0DTJ4ZZ' },
        site: 'Appendix',
        laterality: 'not-applicable',
        surgeonId: surgeon.user.id,
        anaesthetistId: anaesthetist.user.id,
        scrubNurseId: scrubNurse.user.id,
        anaesthesiaType: 'general',
        expectedMinutes: 60,
        priority: 'elective',
        procedurePriceMinor: 2_500_000,
        preOp: { consentSigned: true, siteMarked: true },
        ...overrides,
      }),
      201,
      'case',
    );
  };
  const at = (date: string, time: string) => zonedDateTimeToUtc(date, time, timezone).toISOString();
  return {
    ...h,
    coordinator,
    anaesthetist,
    surgeon,
    scrubNurse,
    theatre,
    session,
    encounter,
    requestCase,
    at,
  };
}
export type TheatreHospital = Awaited<ReturnType<typeof theatreHospital>>;

/** Confirms every item of a phase as the member each names. */
export async function confirmPhase(
  h: Pick<TheatreHospital, 'surgeon' | 'anaesthetist' | 'scrubNurse'>,
  caseId: string,
  phase: string,
  answers: Record<string, unknown> = {},
) {
  const by = { nurse: h.scrubNurse, anaesthetist: h.anaesthetist, surgeon: h.surgeon };
  for (const [item, who] of CORE_ITEMS[phase]!) {
    const body = {
      item,
      ...(item === 'counts-complete' ? EVEN_COUNTS : {}),
      ...((answers[item] as object) ?? {}),
    };
    await must(
      by[who].api.post(`/theatre/cases/${caseId}/checklist/confirmations`, body),
      200,
      `confirm ${item}`,
    );
  }
}
