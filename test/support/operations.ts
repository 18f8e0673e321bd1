/**
 * Calling operations directly through the edge pipeline, as every transport does (context, access
 * before input, invoke), against the run's DynamoDB Local: for tests of the operations themselves
 * (actors, round trips) without HTTP in between.
 */
import { inject } from 'vitest';
import { resetSigningKey } from '../../shared/auth/jwt';
import { invokeAtEdge } from '../../shared/edge/invoke';
import { Edge } from '../../shared/edge/pipeline';
import type { Actor } from '../../shared/kernel/actor';
import {
  type Context,
  type ContextBase,
  type PublicContext,
  publicContext as publicContextOf,
  type TenantInfo,
  tenantContext,
} from '../../shared/kernel/context';
import { createLogger } from '../../shared/kernel/log';
import type { AnyOperation, ContextFor, Operation } from '../../shared/kernel/operation';
import { resetDocumentClient } from '../../shared/kernel/store/client';
import { Stores } from '../../shared/kernel/store/store';
import type * as z from '../../shared/kernel/zod';
import * as tenants from '../../shared/modules/tenants/operations';
import { TEST_TABLE } from './global-setup';
import { TEST_SIGNING_KEYS } from './signing-keys';

export function useTestTable(): void {
  process.env.TABLE_NAME = TEST_TABLE;
  process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
  process.env.HMS_STRICT_CHECKS = '1';
  process.env.SIGNING_KEYS ??= TEST_SIGNING_KEYS;
  process.env.CURSOR_SECRET ??= 'operations-test-cursor-secret-0123456789';
  resetDocumentClient();
  resetSigningKey();
}

const base = (): ContextBase => ({
  now: new Date(),
  requestId: `test-${Math.random()}`,
  log: createLogger(),
  transport: 'internal',
  stores: new Stores(),
});

export function publicContext(): PublicContext {
  return publicContextOf(base());
}

/** A context for `actor` in `tenant`, with its own round-trip count. */
export function contextFor(tenant: TenantInfo, actor: Actor): Context {
  return tenantContext(base(), actor, tenant);
}

/** The tests' operation caller: the edge's invoke (access, then input, then the operation). */
export function invokeOperation<
  I extends z.ZodMiniType,
  O extends z.ZodMiniType,
  A extends Operation['access'],
>(op: Operation<I, O, A>, ctx: ContextFor<A>, input: unknown): Promise<z.output<O>> {
  const edge = new Edge({
    function: 'test',
    transport: ctx.transport,
    requestId: ctx.requestId,
    log: ctx.log,
  });
  return invokeAtEdge(edge, op, ctx, () => input);
}

/** Invokes and reports the DynamoDB round trips the call made. */
export async function invokeCounted(
  op: AnyOperation,
  ctx: Context | PublicContext,
  input: unknown,
) {
  const stores = 'store' in ctx ? ctx.store.roundTrips : ctx.stores.roundTrips;
  const before = stores.count;
  const output = await invokeOperation(op, ctx, input);
  return { output, roundTrips: stores.count - before };
}

/** A fresh hospital, registered through its operation; answers its tenant info and admin actor. */
export async function registeredHospital(overrides: Record<string, unknown> = {}) {
  const suffix = Math.random().toString(36).slice(2, 10);
  const out = await invokeOperation(tenants.register, publicContext(), {
    hospitalName: `Ops Hospital ${suffix}`,
    slug: `ops-${suffix}`,
    adminName: 'Asha Admin',
    adminEmail: `admin-${suffix}@example.test`,
    timezone: 'Asia/Kolkata',
    ...overrides,
  });
  const tenant: TenantInfo = {
    id: out.tenant.id,
    slug: out.tenant.slug,
    name: out.tenant.name,
    status: out.tenant.status,
    trialEndsAt: out.tenant.trialEndsAt,
    timeZone: out.tenant.timezone,
    ...(out.tenant.country ? { country: out.tenant.country } : {}),
  };
  return {
    tenant,
    registration: out,
    admin: { kind: 'user', id: out.admin.id, role: 'ADMIN' } as const,
  };
}
