import type { GroupDef, RouteDef } from '../http/route';
import { apiKeysGroup } from './api-keys';
import { appointmentsGroup } from './appointments';
import { authGroup } from './auth';
import { doctorsGroup } from './doctors';
import { encountersGroup } from './encounters';
import { patientsGroup } from './patients';
import { tenantsGroup } from './tenants';
import { usersGroup } from './users';
import { webGroup } from './web';

/**
 * The route manifest: every resource group and its routes. API Gateway, the local runtime, the
 * docs and the 401/403 tests are all generated from this list. Functions import only their own
 * group's file so each bundle stays small.
 */
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
];

export interface ManifestRoute extends RouteDef {
  name: string;
  group: string;
}

export function allRoutes(): ManifestRoute[] {
  return GROUPS.flatMap((g) =>
    Object.entries(g.routes).map(([name, def]) => ({ ...def, name, group: g.name })),
  );
}
