import { appointmentsGroup } from '../../shared/api/appointments';
import { createRestHandler } from '../../shared/http/rest-handler';
import { restOperations } from '../../shared/http/rest-operations';

export const handler = createRestHandler(appointmentsGroup, restOperations());
