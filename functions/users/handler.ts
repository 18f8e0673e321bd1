import { usersGroup } from '../../shared/api/users';
import { createRestHandler } from '../../shared/http/rest-handler';

export const handler = createRestHandler(usersGroup);
