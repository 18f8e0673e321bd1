/**
 * A new hospital with the demo in it: registered through `tenants.register` (as the sign-up page
 * does), then generated as its administrator. Used by `npm start -- --demo`, the benchmark and
 * the tests; the MCP tool generates into the caller's existing hospital instead (operations.ts).
 */
import { randomBytes } from 'node:crypto';
import { systemClock } from '../kernel/clock';
import { publicContext, type TenantInfo, tenantContext } from '../kernel/context';
import { invokeOperation } from '../kernel/invoke';
import { createLogger } from '../kernel/log';
import { Stores } from '../kernel/store/store';
import * as tenants from '../modules/tenants/operations';
import { type DemoOptions, type DemoResult, generateDemoHospital } from './generate';

export interface DemoHospitalOptions extends DemoOptions {
  /** IANA time zone of the hospital (its country follows from it): default Asia/Kolkata. */
  timezone?: string;
  /** The URL-safe name of the hospital; default `demo-<random>`. */
  slug?: string;
  hospitalName?: string;
}

export interface DemoHospital extends DemoResult {
  tenant: TenantInfo;
  admin: { email: string; password: string };
  /** The password of every demo staff user. */
  staffPassword: string;
}

export async function createDemoHospital(options: DemoHospitalOptions = {}): Promise<DemoHospital> {
  const stores = new Stores();
  const base = () => ({
    now: systemClock.now(),
    requestId: `demo-${randomBytes(6).toString('hex')}`,
    log: createLogger(),
    transport: 'internal' as const,
    stores,
  });
  const slug = options.slug ?? `demo-${randomBytes(4).toString('hex')}`;
  const staffPassword = options.staffPassword ?? `Demo-${randomBytes(9).toString('base64url')}`;
  const registered = await invokeOperation(tenants.register, publicContext(base()), {
    hospitalName: options.hospitalName ?? 'Demo General Hospital',
    slug,
    adminName: 'Demo Administrator',
    adminEmail: `admin@${slug}.demo.example.com`,
    adminPassword: staffPassword,
    timezone: options.timezone ?? 'Asia/Kolkata',
  });
  const t = registered.tenant;
  const tenant: TenantInfo = {
    id: t.id,
    slug: t.slug,
    name: t.name,
    status: t.status,
    trialEndsAt: t.trialEndsAt,
    timeZone: t.timezone,
    ...(t.country ? { country: t.country } : {}),
  };
  const admin = tenantContext(
    base(),
    { kind: 'user', id: registered.admin.id, role: 'ADMIN' },
    tenant,
  );
  const { staffPassword: _unused, ...rest } = options;
  const result = await generateDemoHospital(admin, { ...rest, staffPassword });
  return { ...result, tenant, admin: registered.credentials, staffPassword };
}
