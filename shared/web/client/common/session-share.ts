/**
 * Sign-in shared by the tabs of one browser, without keeping the token where a closed browser
 * leaves it: each tab keeps its session in sessionStorage (gone with the tab), and a tab opened
 * without one asks the open tabs for theirs over a BroadcastChannel (same origin only). Signing
 * out in one tab signs the others out. On a shared ward computer, closing every tab still ends
 * the session, as it did before tabs shared it.
 */
import { isLiveSession, readSession, type StoredSession } from './storage';

const CHANNEL = 'hms.session';

type Message =
  | { kind: 'ask' }
  | { kind: 'session'; session: StoredSession }
  | { kind: 'signed-out' };

function open(): BroadcastChannel | null {
  try {
    return typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  } catch {
    return null;
  }
}

/**
 * A signed-in page hands its session to a tab that asks for one, and follows a sign-out made in
 * another tab (`onSignedOutElsewhere`).
 */
export function shareSession(onSignedOutElsewhere: () => void): void {
  const channel = open();
  if (!channel) return;
  channel.onmessage = (event: MessageEvent<Message>) => {
    const message = event.data;
    if (message?.kind === 'ask') {
      const session = readSession();
      if (session) channel.postMessage({ kind: 'session', session } satisfies Message);
    } else if (message?.kind === 'signed-out') onSignedOutElsewhere();
  };
}

/** Tells the other tabs that this browser signed out. */
export function announceSignOut(): void {
  const channel = open();
  if (!channel) return;
  channel.postMessage({ kind: 'signed-out' } satisfies Message);
  channel.close();
}

/** The session of an open tab of this browser, or null when none answers within `waitMs`. */
export function askOpenTabs(waitMs = 500): Promise<StoredSession | null> {
  const channel = open();
  if (!channel) return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = (session: StoredSession | null) => {
      window.clearTimeout(timer);
      channel.close();
      resolve(session);
    };
    const timer = window.setTimeout(() => done(null), waitMs);
    channel.onmessage = (event: MessageEvent<Message>) => {
      const message = event.data;
      if (message?.kind === 'session' && isLiveSession(message.session)) done(message.session);
    };
    channel.postMessage({ kind: 'ask' } satisfies Message);
  });
}
