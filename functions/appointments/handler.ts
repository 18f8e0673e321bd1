import { appointmentsGroup } from '../../shared/api/appointments';
import { createRestHandler } from '../../shared/http/rest-handler';

export const handler = createRestHandler(appointmentsGroup);
