import { doctorsGroup } from '../../shared/api/doctors';
import { createRestHandler } from '../../shared/http/rest-handler';
import { restOperations } from '../../shared/http/rest-operations';

export const handler = createRestHandler(doctorsGroup, restOperations());
