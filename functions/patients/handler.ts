import { patientsGroup } from '../../shared/api/patients';
import { createRestHandler } from '../../shared/http/rest-handler';

export const handler = createRestHandler(patientsGroup);
