import type { Role } from '../../auth/roles';
import type { Scope } from '../../auth/scopes';

/** Stored shapes of the identity items (keys omitted). */
export interface TenantRecord {
  id: string;
  slug: string;
  name: string;
  status: 'TRIAL' | 'ACTIVE' | 'SUSPENDED';
  trialEndsAt: string;
  timezone: string;
  createdAt: string;
  activeApiKeys?: number;
}

export interface UserRecord {
  id: string;
  tenantId: string;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
}

export interface ApiKeyRecord {
  id: string;
  tenantId: string;
  name: string;
  scopes: Scope[];
  status: 'active' | 'revoked';
  hash: string;
  prefix: string;
  createdAt: string;
  createdBy: string;
  rotatedAt?: string;
  revokedAt?: string;
}

export const publicTenant = (t: TenantRecord) => ({
  id: t.id,
  slug: t.slug,
  name: t.name,
  status: t.status,
  trialEndsAt: t.trialEndsAt,
  timezone: t.timezone,
  createdAt: t.createdAt,
});

export const publicUser = (u: UserRecord) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  active: u.active,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
});

export const publicApiKey = (k: ApiKeyRecord) => ({
  id: k.id,
  name: k.name,
  scopes: k.scopes,
  status: k.status,
  prefix: k.prefix,
  createdAt: k.createdAt,
  createdBy: k.createdBy,
  rotatedAt: k.rotatedAt,
  revokedAt: k.revokedAt,
});
