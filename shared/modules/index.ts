/**
 * The one list of modules: adding a module is one line here (and its folder). Everything else
 * that knows about modules is derived from this list (shared/manifest/derive.ts): the REST groups
 * and their areas (shared/api/index.ts, lib/), the scope catalogue, the agent catalogue, the HITL
 * proposal routes and tools, the generated docs, the page scripts, the charge service types, the
 * bundle budgets and the role matrices' coverage.
 *
 * Order matters only for people: it is the order of groups in the docs, of scopes in the dashboard
 * and of tools in tools/list.
 */
import { a2aPlatform, agentMetaPlatform, openapiPlatform, webPlatform } from '../api/platform';
import { actionTypesOf, checkModules, type ModuleRoute, routesOf } from '../manifest/derive';
import type { ModuleManifest } from '../manifest/module';
import a2aTasks from './a2a-tasks/manifest';
import admissions from './admissions/manifest';
import { registerActionTypes } from './agent-actions/index';
import agentActions from './agent-actions/manifest';
import agentAudit from './agent-audit/manifest';
import apiKeys from './api-keys/manifest';
import appointments from './appointments/manifest';
import auth from './auth/manifest';
import beds from './beds/manifest';
import billing from './billing/manifest';
import claims from './claims/manifest';
import decisionSupport from './decision-support/manifest';
import demo from './demo/manifest';
import departments from './departments/manifest';
import doctors from './doctors/manifest';
import emergency from './emergency/manifest';
import encounters from './encounters/manifest';
import lab from './lab/manifest';
import monitor from './monitor/manifest';
import notifications from './notifications/manifest';
import oauth from './oauth/manifest';
import onboarding from './onboarding/manifest';
import patients from './patients/manifest';
import pharmacy from './pharmacy/manifest';
import radiology from './radiology/manifest';
import reports from './reports/manifest';
import roster from './roster/manifest';
import settings from './settings/manifest';
import support from './support/manifest';
import tenants from './tenants/manifest';
import theatre from './theatre/manifest';
import users from './users/manifest';
import webhooks from './webhooks/manifest';

export const MODULES: readonly ModuleManifest[] = [
  webPlatform,
  tenants,
  settings,
  auth,
  users,
  apiKeys,
  patients,
  doctors,
  departments,
  appointments,
  encounters,
  beds,
  admissions,
  emergency,
  decisionSupport,
  pharmacy,
  billing,
  claims,
  lab,
  radiology,
  roster,
  theatre,
  reports,
  notifications,
  webhooks,
  monitor,
  demo,
  agentAudit,
  a2aTasks,
  agentMetaPlatform,
  a2aPlatform,
  oauth,
  // The OpenAPI document covers every route of this list, its own included.
  openapiPlatform((): readonly ModuleRoute[] => routesOf(MODULES)),
  agentActions,
  onboarding,
  support,
];

checkModules(MODULES);
// The executor finds a type's declaration here (shared/modules/agent-actions/action-types.ts).
registerActionTypes(actionTypesOf(MODULES));
