import { authGroup } from '../../shared/api/auth';
import { createRestHandler } from '../../shared/http/rest-handler';

export const handler = createRestHandler(authGroup);
