/**
 * `/ed/triage` (markup: shared/web/ed-triage.ts): triage at speed. The patient is picked by name;
 * their open ED visit is found on the board, or an arrival is registered first (so one form does
 * both). The answer shows the triage category (ESI level, colour and words) and the score the
 * observations give: NEWS2, or for a child the Bedside PEWS, or why neither applies.
 */
import { type Answer, call } from './common/api';
import { $, clear, h, setStatus } from './common/dom';
import { CATEGORY_NAMES } from './common/esi-names';
import { fieldError, setBusy } from './common/forms';
import { patientPicker } from './common/picker';

interface BoardEntry {
  visitId: string;
  patientId?: string;
  status: string;
  level: number | null;
}
interface Visit {
  id: string;
  triage?: {
    level: number;
    decidedAt: string;
    dangerZone: string[];
    news2: { score: number | null; risk: string | null; missing: string[] } | null;
    news2NotApplicable: string | null;
    earlyWarning?: {
      system: string;
      score: number | null;
      trigger: boolean;
      escalation: string;
      missing: string[];
    } | null;
  };
}
type Problem = { message?: string | string[]; issues?: { field: string; message: string }[] };

function messageOf(answer: Answer<Problem>, fallback: string): string {
  if (answer.status === 403) return 'Your role may not triage.';
  const m = answer.body?.message;
  return (Array.isArray(m) ? m.join(' ') : m) || fallback;
}

const numberOf = (id: string): number | undefined => {
  const v = $<HTMLInputElement>(id).value.trim();
  return v === '' ? undefined : Number(v);
};

async function openVisitOf(patientId: string): Promise<BoardEntry | undefined> {
  const board = await call<{ patients: BoardEntry[] }>('GET', '/emergency/board');
  return board.body?.patients.find((p) => p.patientId === patientId);
}

function scoreText(t: NonNullable<Visit['triage']>): string {
  const ew = t.earlyWarning;
  if (ew?.system === 'pews')
    return `Bedside PEWS ${ew.score}${ew.trigger ? ': urgent review' : ''}${ew.missing.length ? ` (not recorded: ${ew.missing.join(', ')})` : ''}`;
  if (t.news2?.score !== null && t.news2?.score !== undefined)
    return `NEWS2 ${t.news2.score} (${t.news2.risk} risk)`;
  if (t.news2) return `NEWS2 incomplete: record ${t.news2.missing.join(', ')}`;
  return t.news2NotApplicable ?? 'No score';
}

function showResult(visit: Visit): void {
  const box = $('triage-result');
  clear(box);
  const t = visit.triage;
  if (!t) return;
  const key = String(t.level);
  box.append(
    h('p', { id: 'triage-category' }, [
      h('span', { className: `ed-cat ed-cat--${key}`, text: `ESI ${key}` }),
      ` ${CATEGORY_NAMES[key]} (decision point ${t.decidedAt})`,
    ]),
    h('p', { id: 'triage-score', text: scoreText(t) }),
  );
  if (t.dangerZone.length)
    box.append(
      h('p', { className: 'small', text: `Danger-zone vital signs: ${t.dangerZone.join('; ')}` }),
    );
}

function start(): void {
  const visitNote = $('triage-visit');
  let openVisit: BoardEntry | undefined;
  const picker = patientPicker('triage-patient', (p) => {
    visitNote.textContent = 'Looking for an open ED visit…';
    void openVisitOf(p.id).then((v) => {
      openVisit = v;
      visitNote.textContent = v
        ? `In the department (${v.status.replace(/-/g, ' ')}${v.level ? `, ESI ${v.level}` : ''}): this triage ${v.level ? 're-triages the visit' : 'triages the visit'}.`
        : 'Not in the department: the arrival is registered with this triage.';
    });
  });
  const form = $<HTMLFormElement>('triage-form');
  const status = $('triage-status');
  const submit = $<HTMLButtonElement>('triage-submit');
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    setStatus(status, '');
    const patient = picker.value();
    if (!patient) {
      $('triage-patient-error').textContent = 'Choose the patient.';
      $<HTMLInputElement>('triage-patient-q').focus();
      return;
    }
    const complaint = $<HTMLInputElement>('triage-complaint');
    if (!openVisit && !complaint.value.trim()) {
      fieldError(complaint, 'Enter the presenting complaint.');
      complaint.focus();
      return;
    }
    setBusy(submit, true, 'Triaging…');
    try {
      let visitId = openVisit?.visitId;
      if (!visitId) {
        const mode = $<HTMLSelectElement>('triage-mode').value;
        const note = $<HTMLInputElement>('triage-handover').value.trim();
        const arrival = await call<Problem & { id: string }>('POST', '/emergency/arrivals', {
          patientId: patient.id,
          arrivalMode: mode,
          presentingComplaint: complaint.value.trim(),
          ...(note && mode === 'ambulance' ? { handoverNotes: note } : {}),
          ...(note && mode === 'referral' ? { referredBy: note } : {}),
        });
        if (!arrival.ok || !arrival.body) {
          setStatus(status, messageOf(arrival, 'The arrival could not be registered.'), 'error');
          return;
        }
        visitId = arrival.body.id;
      }
      const vitals = Object.fromEntries(
        Object.entries({
          respiratoryRate: numberOf('obs-rr'),
          spo2: numberOf('obs-spo2'),
          systolic: numberOf('obs-sbp'),
          pulse: numberOf('obs-pulse'),
          temperatureC: numberOf('obs-temp'),
          consciousness: $<HTMLSelectElement>('obs-avpu').value || undefined,
          supplementalOxygen: $<HTMLInputElement>('obs-oxygen').checked,
        }).filter(([, v]) => v !== undefined),
      );
      const pain = numberOf('obs-pain');
      const answer = await call<Problem & Visit>('POST', `/emergency/visits/${visitId}/triage`, {
        answers: {
          lifeSavingIntervention: $<HTMLInputElement>('esi-a').checked,
          highRiskSituation: $<HTMLInputElement>('esi-b-risk').checked,
          newConfusionLethargyOrDisorientation: $<HTMLInputElement>('esi-b-confusion').checked,
          severePainOrDistress: $<HTMLInputElement>('esi-b-pain').checked,
          resources: [
            ...form.querySelectorAll<HTMLInputElement>('input[name="resource"]:checked'),
          ].map((c) => c.value),
        },
        vitals,
        ...(pain === undefined ? {} : { painScore: pain }),
        suspectedInfection: $<HTMLInputElement>('triage-infection').checked,
        ...(openVisit?.level ? { reason: 'Re-triage from the triage form' } : {}),
      });
      if (!answer.ok || !answer.body) {
        setStatus(status, messageOf(answer, 'The triage could not be saved.'), 'error');
        return;
      }
      openVisit = {
        visitId,
        patientId: patient.id,
        status: 'awaiting-clinician',
        level: answer.body.triage?.level ?? null,
      };
      setStatus(status, `Triaged ${patient.name}.`, 'success');
      showResult(answer.body);
    } finally {
      setBusy(submit, false);
    }
  });
}

start();
