/**
 * Approvals section: agent actions awaiting a decision (risk badge, patient, the proposed change
 * in words, the agent's rationale, time left) with approve and reject (with a reason), and the
 * decided ones with what became of them. After an approval the row follows the action until it
 * is carried out or fails; for a prescription it then shows the encounter's prescriptions.
 */
import { $, clear, h, setStatus } from '../common/dom';
import { formatDate } from '../common/format';
import { showError } from './api';
import type { AdminApp, Section } from './state';
import { type BadgeVariant, badge, humanize, labelCells, messageRow } from './ui';

interface AgentAction {
  id: string;
  type: string;
  status: string;
  risk: string;
  riskReasons: string[];
  patientName: string;
  summary: string;
  input: Record<string, unknown>;
  rationale: string;
  expiresAt: string;
  approverRoles: string[];
  decision?: { by: string; userId: string; role: string; at: string; reason?: string };
  result?: { id: string; at: string };
  failure?: { reason: string; at: string };
}
interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
interface EncounterDetail {
  id: string;
  prescriptions: { id: string; drugName: string; strength: string; status: string }[];
}

const RISK: Readonly<Record<string, BadgeVariant>> = {
  LOW: 'success',
  MEDIUM: 'info',
  HIGH: 'warning',
  CRITICAL: 'danger',
};
const STATUS: Readonly<Record<string, BadgeVariant>> = {
  PENDING: 'brand',
  APPROVED: 'info',
  EXECUTED: 'success',
  FAILED: 'danger',
  REJECTED: 'neutral',
  EXPIRED: 'neutral',
};
const COLS = 6;
const FOLLOW_MS = 1000;
const FOLLOW_TRIES = 30;

/** "3 h 58 min left", "12 min left", or "expired". */
export function timeLeft(expiresAt: string, now = Date.now()): string {
  const minutes = Math.floor((Date.parse(expiresAt) - now) / 60_000);
  if (minutes < 0) return 'expired';
  const hours = Math.floor(minutes / 60);
  return `${hours ? `${hours} h ` : ''}${minutes % 60} min left`;
}

export function approvalsSection({ api, state }: AdminApp): Section {
  const body = $<HTMLTableSectionElement>('approvals-body');
  const filter = $<HTMLSelectElement>('approvals-filter');
  const status = $('approvals-status');
  let seq = 0;

  async function load() {
    const mine = ++seq;
    messageRow(body, COLS, 'Loading…', true);
    const path =
      filter.value === 'PENDING'
        ? '/agent-actions/pending?limit=50'
        : `/agent-actions?limit=50${filter.value ? `&status=${filter.value}` : ''}`;
    try {
      const page = await api<Page<AgentAction>>('GET', path);
      if (mine !== seq) return;
      render(page?.items ?? []);
    } catch (err) {
      if (mine !== seq) return;
      messageRow(body, COLS, 'Agent actions could not be loaded.');
      showError(status, err);
    }
  }

  function render(actions: AgentAction[]) {
    clear(body);
    if (!actions.length) {
      messageRow(
        body,
        COLS,
        filter.value === 'PENDING' ? 'Nothing awaits a decision.' : 'No agent actions.',
      );
      return;
    }
    for (const a of actions) body.appendChild(row(a));
    labelCells(body);
  }

  function row(a: AgentAction): HTMLTableRowElement {
    const risk = h('td', null, [
      badge(a.risk, RISK[a.risk] ?? 'neutral'),
      ...a.riskReasons.map((r) => h('div', { className: 'muted small', text: r })),
    ]);
    const tr = h('tr', { dataset: { actionId: a.id, status: a.status } }, [
      risk,
      h('td', { text: a.patientName }),
      h('td', null, [h('strong', { text: humanize(a.type) }), h('div', { text: a.summary })]),
      h('td', { text: a.rationale }),
      h('td', { className: 'approval-status' }, [
        badge(humanize(a.status), STATUS[a.status] ?? 'neutral'),
        h('div', { className: 'muted small', text: outcomeText(a) }),
      ]),
      h('td', { className: 'actions' }, decisionCell(a)),
    ]);
    return tr;
  }

  function outcomeText(a: AgentAction): string {
    if (a.status === 'PENDING') return timeLeft(a.expiresAt);
    if (a.status === 'EXECUTED' && a.result)
      return `Done ${formatDate(a.result.at, state.tz, true)}: result ${a.result.id}`;
    if (a.status === 'FAILED' && a.failure) return a.failure.reason;
    if (a.status === 'REJECTED' && a.decision?.reason) return `Rejected: ${a.decision.reason}`;
    if (a.status === 'APPROVED') return 'Approved; being carried out…';
    return '';
  }

  function decisionCell(a: AgentAction): HTMLElement[] {
    if (a.status !== 'PENDING') {
      return a.decision
        ? [
            h('span', {
              text: `${a.decision.by === 'auto-approval' ? 'Auto-approval' : humanize(a.decision.role)} · ${formatDate(a.decision.at, state.tz, true)}`,
            }),
          ]
        : [];
    }
    if (state.me?.role && !a.approverRoles.includes(state.me.role))
      return [
        h('span', {
          className: 'muted',
          text: `Needs ${a.approverRoles
            .filter((r) => r !== 'ADMIN')
            .map(humanize)
            .join(' or ')}`,
        }),
      ];
    const reasonId = `reject-reason-${a.id}`;
    const approve = h('button', {
      type: 'button',
      className: 'btn btn-primary btn-sm',
      text: 'Approve',
      dataset: { approve: a.id },
    });
    const reason = h('input', {
      type: 'text',
      id: reasonId,
      placeholder: 'Reason to reject',
      'aria-label': 'Reason to reject',
    });
    const reject = h('button', {
      type: 'button',
      className: 'btn btn-secondary btn-sm',
      text: 'Reject',
      dataset: { reject: a.id },
    });
    approve.addEventListener('click', () => decide(a, 'approve', undefined, [approve, reject]));
    reject.addEventListener('click', () => {
      const text = reason.value.trim();
      if (!text) {
        setStatus(status, 'Give a reason to reject the proposal.', 'error');
        reason.focus();
        return;
      }
      decide(a, 'reject', text, [approve, reject]);
    });
    return [approve, reason, reject];
  }

  async function decide(
    a: AgentAction,
    verb: 'approve' | 'reject',
    reason: string | undefined,
    buttons: HTMLButtonElement[],
  ) {
    for (const b of buttons) b.disabled = true;
    try {
      const updated = await api<AgentAction>(
        'POST',
        `/agent-actions/${a.id}/${verb}`,
        reason ? { reason } : {},
      );
      if (!updated) return;
      setStatus(
        status,
        verb === 'approve' ? 'Approved: it is being carried out.' : 'Rejected.',
        'success',
      );
      replaceRow(updated);
      if (verb === 'approve') follow(updated.id);
    } catch (err) {
      for (const b of buttons) b.disabled = false;
      showError(status, err);
    }
  }

  function replaceRow(a: AgentAction): HTMLTableRowElement | null {
    const old = body.querySelector<HTMLTableRowElement>(`tr[data-action-id="${a.id}"]`);
    if (!old) return null;
    const fresh = row(a);
    old.replaceWith(fresh);
    labelCells(body);
    return fresh;
  }

  /** Follows an approved action until its executor has carried it out (or it failed). */
  async function follow(id: string) {
    for (let i = 0; i < FOLLOW_TRIES; i++) {
      await new Promise((ok) => setTimeout(ok, FOLLOW_MS));
      const a = await api<AgentAction>('GET', `/agent-actions/${id}`).catch(() => null);
      if (!a || a.status === 'APPROVED') continue;
      const tr = replaceRow(a);
      if (tr && a.status === 'EXECUTED' && a.type === 'prescription') await showEncounter(tr, a);
      return;
    }
  }

  /** The encounter's prescriptions, the new one marked: the change as it now stands in the record. */
  async function showEncounter(tr: HTMLTableRowElement, a: AgentAction) {
    const encounterId = String(a.input.id ?? '');
    const enc = await api<EncounterDetail>('GET', `/encounters/${encounterId}`).catch(() => null);
    if (!enc) return;
    const list = h(
      'ul',
      { className: 'encounter-prescriptions', dataset: { encounterId } },
      enc.prescriptions.map((p) =>
        h('li', { dataset: { prescriptionId: p.id } }, [
          `${p.drugName} ${p.strength} (${p.status})`,
          p.id === a.result?.id ? ' — from this approval' : '',
        ]),
      ),
    );
    tr.querySelector('.approval-status')?.appendChild(
      h('div', null, [
        h('span', { className: 'small', text: `On encounter ${encounterId}:` }),
        list,
      ]),
    );
  }

  filter.addEventListener('change', () => load());
  $('approvals-refresh').addEventListener('click', () => load());
  return { load };
}
