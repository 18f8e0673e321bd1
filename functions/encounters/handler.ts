import { encountersGroup } from '../../shared/api/encounters';
import { createRestHandler } from '../../shared/http/rest-handler';
import { restOperations } from '../../shared/http/rest-operations';

export const handler = createRestHandler(encountersGroup, restOperations());
