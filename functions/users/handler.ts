import { usersGroup } from '../../shared/api/users';
import { createRestHandler } from '../../shared/http/rest-handler';
import { restOperations } from '../../shared/http/rest-operations';

export const handler = createRestHandler(usersGroup, restOperations());
