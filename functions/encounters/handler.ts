import { encountersGroup } from '../../shared/api/encounters';
import { createRestHandler } from '../../shared/http/rest-handler';

export const handler = createRestHandler(encountersGroup);
