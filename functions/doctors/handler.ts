import { doctorsGroup } from '../../shared/api/doctors';
import { createRestHandler } from '../../shared/http/rest-handler';

export const handler = createRestHandler(doctorsGroup);
