import { apiKeysGroup } from '../../shared/api/api-keys';
import { createRestHandler } from '../../shared/http/rest-handler';

export const handler = createRestHandler(apiKeysGroup);
