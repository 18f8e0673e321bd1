/**
 * The REST manifest: every resource group (one Lambda function each) and its routes. API Gateway,
 * the local runtime, the docs, the OpenAPI document and the access tests are generated from this
 * list. Functions import only their own group's file, so each bundle holds only its operations.
 */
import type { GroupDef, Route } from '../http/route';
import { a2aGroup } from './a2a';
import { admissionsGroup } from './admissions';
import { agentActionsGroup } from './agent-actions';
import { agentAuditGroup } from './agent-audit';
import { agentMetaGroup } from './agents';
import { apiKeysGroup } from './api-keys';
import { appointmentsGroup } from './appointments';
import { authGroup } from './auth';
import { billingGroup } from './billing';
import { doctorsGroup } from './doctors';
import { encountersGroup } from './encounters';
import { labGroup } from './lab';
import { openapiGroup } from './openapi';
import { patientsGroup } from './patients';
import { pharmacyGroup } from './pharmacy';
import { radiologyGroup } from './radiology';
import { tenantsGroup } from './tenants';
import { usersGroup } from './users';
import { wardsGroup } from './wards';
import { webGroup } from './web';

export const GROUPS: readonly GroupDef[] = [
  webGroup,
  tenantsGroup,
  authGroup,
  usersGroup,
  apiKeysGroup,
  patientsGroup,
  doctorsGroup,
  appointmentsGroup,
  encountersGroup,
  billingGroup,
  labGroup,
  radiologyGroup,
  wardsGroup,
  admissionsGroup,
  agentMetaGroup,
  agentAuditGroup,
  a2aGroup,
  // The OpenAPI document of every group above and itself.
  openapiGroup(allRoutes),
  pharmacyGroup,
  agentActionsGroup,
];

/** A route with the group (function) that serves it. */
export type ManifestRoute = Route & { group: string };

export function allRoutes(): ManifestRoute[] {
  return GROUPS.flatMap((g) => g.routes.map((r) => ({ ...r, group: g.name })));
}

/** A group by name (the OpenAPI group, which this file creates). */
export function groupNamed(name: string): GroupDef {
  const group = GROUPS.find((g) => g.name === name);
  if (!group) throw new Error(`No group named ${name}`);
  return group;
}
