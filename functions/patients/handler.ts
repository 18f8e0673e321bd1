import { patientsGroup } from '../../shared/api/patients';
import { createRestHandler } from '../../shared/http/rest-handler';
import { restOperations } from '../../shared/http/rest-operations';

export const handler = createRestHandler(patientsGroup, restOperations());
