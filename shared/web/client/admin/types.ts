/**
 * The parts of the API's answers that the dashboard reads. Every field is optional except ids:
 * the page renders what it gets and shows a dash for the rest.
 */
import type { SessionUser } from '../common/storage';

/** A list answer: `{ items, nextCursor }`. */
export interface Page<T> {
  items?: T[];
  nextCursor?: string | null;
}

export type Me = SessionUser;

export interface Tenant {
  id?: string;
  name?: string;
  slug?: string;
  timezone?: string;
  status?: string;
  trialEndsAt?: string;
  createdAt?: string;
}

export interface StaffUser {
  id: string;
  name?: string;
  email?: string;
  role?: string;
  active?: boolean;
  createdAt?: string;
}

/** POST /users: the account and its generated (or chosen) password, shown once. */
export interface CreatedStaffUser {
  user?: Partial<StaffUser>;
  credentials?: { email?: string; password?: string };
}

export interface Doctor {
  id: string;
  name?: string;
  departmentId?: string;
  departmentName?: string;
  specialty?: string;
}

export interface Appointment {
  id: string;
  start?: string;
  end?: string;
  token?: string | number | null;
  patientName?: string;
  mrn?: string;
  reason?: string;
  priority?: string;
  status?: string;
}

export interface QueueEntry {
  token: string | number;
  patientName?: string;
  mrn?: string;
  priority?: string;
  status?: string;
  checkedInAt?: string;
  estimatedWaitMinutes?: number;
}

export interface ApiKey {
  id: string;
  name?: string;
  prefix?: string;
  scopes?: string[];
  status?: string;
  createdAt?: string;
  rotatedAt?: string;
  revokedAt?: string;
  lastUsedAt?: string;
}

/** POST /api-keys and POST /api-keys/{id}/rotate: the secret, shown once. */
export interface ApiKeySecret {
  name?: string;
  secret?: string;
}
