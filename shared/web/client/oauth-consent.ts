/**
 * `/oauth/consent?request=<id>`: reads the pending request with the signed-in session, lists its
 * scopes (those the role does not allow shown but not choosable), and posts the decision; the
 * answer names where to send the browser (the agent's redirect URI with the code, or the denial).
 * Without a session it offers sign-in, which comes back here.
 */
import { $, h, setStatus } from './common/dom';
import { setBusy } from './common/forms';
import { errorMessage, readJson, url } from './common/http';
import { readSession, type StoredSession } from './common/storage';

interface ScopeRow {
  scope: string;
  description: string;
  allowed: boolean;
}
interface ConsentRequest {
  id: string;
  clientName: string;
  redirectOrigin: string;
  scopes: ScopeRow[];
}

const status = $('consent-status');
const form = $<HTMLFormElement>('consent-form');
const requestId = new URLSearchParams(window.location.search).get('request') ?? '';

function headersOf(session: StoredSession): Record<string, string> {
  return {
    authorization: `Bearer ${session.accessToken}`,
    'x-tenant-id': session.tenantId,
    accept: 'application/json',
  };
}

/** The scope list: a checkbox per scope, ticked when the role allows it, disabled otherwise. */
function scopeList(rows: readonly ScopeRow[]): HTMLElement[] {
  return rows.map((row) => {
    const id = `scope-${row.scope.replace(/[^a-z0-9]/gi, '-')}`;
    const box = h('input', { type: 'checkbox', id, name: 'scope', value: row.scope });
    box.checked = row.allowed;
    box.disabled = !row.allowed;
    return h('li', {}, [
      box,
      ' ',
      h('label', { for: id }, [
        h('code', { text: row.scope }),
        ` — ${row.description}`,
        row.allowed ? '' : ' (your role does not allow this)',
      ]),
    ]);
  });
}

function showSignIn(): void {
  $('consent-subtitle').textContent = 'Sign in to continue.';
  const next = `/oauth/consent?request=${encodeURIComponent(requestId)}`;
  $<HTMLAnchorElement>('consent-signin-link').href = url(`/login?next=${encodeURIComponent(next)}`);
  $('consent-signin').hidden = false;
}

async function decide(session: StoredSession, decision: 'allow' | 'deny', scopes: string[]) {
  const res = await fetch(url(`/oauth/requests/${encodeURIComponent(requestId)}/decision`), {
    method: 'POST',
    headers: { ...headersOf(session), 'content-type': 'application/json' },
    body: JSON.stringify(decision === 'allow' ? { decision, scopes } : { decision }),
  });
  const body = (await readJson(res)) as { redirectTo?: string } | null;
  if (res.ok && typeof body?.redirectTo === 'string') {
    window.location.assign(body.redirectTo);
    return true;
  }
  setStatus(status, errorMessage(body, `The decision failed (HTTP ${res.status}).`), 'error');
  return false;
}

async function start(): Promise<void> {
  const session = readSession();
  if (!session) return showSignIn();
  const res = await fetch(url(`/oauth/requests/${encodeURIComponent(requestId)}`), {
    headers: headersOf(session),
  });
  const body = (await readJson(res)) as ConsentRequest | null;
  if (res.status === 401) return showSignIn();
  if (!res.ok || !body) {
    $('consent-subtitle').textContent = 'This request cannot be completed.';
    setStatus(
      status,
      errorMessage(body, `Could not read the request (HTTP ${res.status}).`),
      'error',
    );
    return;
  }
  $('consent-subtitle').textContent =
    `Signed in as ${session.user?.email ?? session.user?.name ?? 'you'}`;
  $('consent-client').textContent = body.clientName;
  $('consent-hospital').textContent = 'your hospital';
  $('consent-redirect').textContent = body.redirectOrigin;
  $('consent-scopes').replaceChildren(...scopeList(body.scopes));
  form.hidden = false;
  const allow = $<HTMLButtonElement>('consent-allow');
  const deny = $<HTMLButtonElement>('consent-deny');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const scopes = [...form.querySelectorAll<HTMLInputElement>('input[name=scope]:checked')].map(
      (b) => b.value,
    );
    if (!scopes.length) {
      setStatus(status, 'Choose at least one thing the agent may do, or deny.', 'error');
      return;
    }
    setBusy(allow, true, 'Allowing…');
    if (!(await decide(session, 'allow', scopes))) setBusy(allow, false);
  });
  deny.addEventListener('click', async () => {
    setBusy(deny, true, 'Denying…');
    if (!(await decide(session, 'deny', []))) setBusy(deny, false);
  });
}

void start();
