import { admissionsGroup } from '../../shared/api/admissions';
import { createRestHandler } from '../../shared/http/rest-handler';
import { restOperations } from '../../shared/http/rest-operations';

export const handler = createRestHandler(admissionsGroup, restOperations());
