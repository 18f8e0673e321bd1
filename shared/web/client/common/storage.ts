/**
 * What the pages keep in sessionStorage: the signed-in session (token, tenant, user), a one-time
 * message for the sign-in page and the e-mail of a just-created workspace. Storage can be
 * unavailable (privacy settings): every access is guarded.
 */
export const SESSION_KEY = 'hms.session';
export const LOGIN_HINT_KEY = 'hms.loginHint';
export const FLASH_KEY = 'hms.flash';

/** The signed-in user as POST /auth/login and GET /auth/me describe them. */
export interface SessionUser {
  id?: string;
  name?: string;
  email?: string;
  role?: string;
}

export interface StoredSession {
  accessToken: string;
  tenantId: string;
  user?: SessionUser | null;
  /** Epoch milliseconds. */
  expiresAt?: number;
}

/** Whether `s` is a session (token and tenant) that has not expired. */
export function isLiveSession(s: unknown): s is StoredSession {
  const v = s as Partial<StoredSession> | null;
  if (!v || typeof v.accessToken !== 'string' || typeof v.tenantId !== 'string') return false;
  return !(typeof v.expiresAt === 'number' && v.expiresAt <= Date.now());
}

/** The stored session, or null when there is none, it is malformed or it has expired. */
export function readSession(): StoredSession | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as unknown;
    return isLiveSession(s) ? s : null;
  } catch {
    return null;
  }
}

/** Keeps a session (e.g. one another tab handed over); false when storage is blocked. */
export function storeSession(session: StoredSession): boolean {
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
    return true;
  } catch {
    return false;
  }
}

export function clearSession(): void {
  try {
    sessionStorage.removeItem(SESSION_KEY);
  } catch {
    /* storage unavailable */
  }
}

/** Leaves a message for the sign-in page (e.g. why the session ended). */
export function setFlash(message: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    /* storage unavailable */
  }
}

/** POST /auth/login's answer. */
export interface LoginAnswer {
  accessToken: string;
  tenantId: string;
  expiresIn?: number;
  user?: SessionUser | null;
}

/** Stores a sign-in's session; false when storage is blocked. */
export function saveSession(body: LoginAnswer, now = Date.now()): boolean {
  const expiresIn = Number(body.expiresIn);
  const session: StoredSession = {
    accessToken: body.accessToken,
    tenantId: body.tenantId,
    user: body.user ?? null,
    expiresAt: now + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600) * 1000,
  };
  return storeSession(session);
}

/**
 * Where to go after signing in: the `next` query parameter when it is a path of this site (never
 * another origin), else the workspace.
 */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/(?![/\\])/.test(next) ? next : '/admin';
}
