import { authGroup } from '../../shared/api/auth';
import { createRestHandler } from '../../shared/http/rest-handler';
import { restOperations } from '../../shared/http/rest-operations';

export const handler = createRestHandler(authGroup, restOperations());
