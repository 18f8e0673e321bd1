import { apiKeysGroup } from '../../shared/api/api-keys';
import { createRestHandler } from '../../shared/http/rest-handler';
import { restOperations } from '../../shared/http/rest-operations';

export const handler = createRestHandler(apiKeysGroup, restOperations());
