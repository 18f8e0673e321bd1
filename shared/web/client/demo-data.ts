/**
 * The "Demo data" card of the settings page (administrators only): fills a hospital on its trial
 * that has no patients yet with the demo hospital through `POST /demo` (the `demo.generate`
 * operation), and, while that request runs, reads `GET /demo` to show the step it is at. A
 * refusal (patients of its own, already filled, trial over) is shown as the service words it.
 */
import { call } from './common/api';
import { $, setStatus } from './common/dom';
import { setBusy } from './common/forms';
import { errorMessage } from './common/http';

interface DemoStatus {
  state: 'none' | 'running' | 'done';
  step?: string;
  done?: number;
  total?: number;
  counts?: Record<string, number>;
}

const POLL_MS = 500;

function summary(counts: Record<string, number> = {}): string {
  const parts = ['patients', 'staff users', 'appointments today', 'admissions', 'ED attendances']
    .filter((k) => counts[k])
    .map((k) => `${counts[k]} ${k}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

function showProgress(s: DemoStatus): void {
  const bar = $<HTMLProgressElement>('demo-progress');
  if (s.state !== 'running' || s.total === undefined) return;
  bar.hidden = false;
  bar.max = s.total;
  bar.value = s.done ?? 0;
  setStatus(
    $('demo-status'),
    `Generating: step ${(s.done ?? 0) + 1} of ${s.total}, ${s.step ?? ''}…`,
    'info',
  );
}

function showDone(s: DemoStatus): void {
  $<HTMLProgressElement>('demo-progress').hidden = true;
  $<HTMLButtonElement>('demo-fill').disabled = true;
  setStatus(
    $('demo-status'),
    `This hospital has its demo data${summary(s.counts)}. Open the dashboard or any page to look around.`,
    'success',
  );
}

async function fill(): Promise<void> {
  const button = $<HTMLButtonElement>('demo-fill');
  setBusy(button, true, 'Filling…');
  setStatus($('demo-status'), 'Starting…', 'info');
  let running = true;
  const generating = call<DemoStatus & { message?: string }>('POST', '/demo', {});
  // Follow the steps while the request runs.
  const follow = (async () => {
    while (running) {
      await new Promise((ok) => setTimeout(ok, POLL_MS));
      const now = await call<DemoStatus>('GET', '/demo');
      if (running && now.ok && now.body) showProgress(now.body);
    }
  })();
  const res = await generating;
  running = false;
  await follow;
  setBusy(button, false);
  if (res.ok && res.body) {
    showDone({ state: 'done', counts: res.body.counts ?? {} });
    return;
  }
  $<HTMLProgressElement>('demo-progress').hidden = true;
  setStatus($('demo-status'), errorMessage(res.body, `Not filled (${res.status})`), 'error');
}

/** Shows the card (to whom `GET /demo` answers: administrators), as the demo data stands now. */
export async function startDemoCard(): Promise<void> {
  const now = await call<DemoStatus>('GET', '/demo');
  if (!now.ok || !now.body) return;
  $('demo-data').hidden = false;
  $('demo-fill').addEventListener('click', () => void fill());
  if (now.body.state === 'done') showDone(now.body);
  else if (now.body.state === 'running') showProgress(now.body);
}
