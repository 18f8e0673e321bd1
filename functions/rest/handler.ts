/**
 * The Lambda entry of every module's REST group. Which group is chosen when the function is
 * bundled (lib/bundling.ts): `@hms/rest-group` is an alias of the file that declares the group
 * (its `source`, a module's routes.ts) and `process.env.HMS_REST_GROUP` is replaced by the group's
 * name, so each function bundles its own group's file and what that imports, nothing else. The
 * local runtime builds the same handler in process from the group itself (bin/local/server.ts).
 */
import '../../shared/kernel/stack-traces';
import * as declared from '@hms/rest-group';
import { createRestHandler } from '../../shared/http/rest-handler';
import { restOperations } from '../../shared/http/rest-operations';
import { declaredGroup } from '../../shared/http/route';

export const handler = createRestHandler(
  declaredGroup(declared, process.env.HMS_REST_GROUP),
  restOperations(),
);
