/** What the dashboard's sections share: who is signed in, the hospital, and the open view. */
import type { Api } from './api';
import type { Me, Tenant } from './types';

export type ViewName =
  | 'overview'
  | 'opd'
  | 'pharmacy-stock'
  | 'pharmacy-expiry'
  | 'pharmacy-dispense'
  | 'approvals'
  | 'users'
  | 'api-keys'
  | 'agents';

export interface AdminState {
  me: Me | null;
  tenant: Tenant | null;
  /** The hospital's time zone when it is valid; the browser's zone otherwise. */
  tz: string | undefined;
  current: ViewName | null;
  /** Set once the page is leaving (sign-out, session end): no more error messages or redirects. */
  redirecting: boolean;
}

/** What every section gets. */
export interface AdminApp {
  state: AdminState;
  api: Api;
  /** Resolves once GET /tenants/current has answered (successfully or not). */
  tenantReady: Promise<void>;
  isAdmin(): boolean;
  roleLabel(role: string | undefined): string;
  /** Role → label, in the order of the role picker. */
  roleLabels: Readonly<Record<string, string>>;
}

/** A section of the dashboard: `load` runs each time it is shown, `leave` when another one is. */
export interface Section {
  load(): void;
  leave?(): void;
}
