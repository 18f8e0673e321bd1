import { groupNamed } from '../../shared/api/index';
import { createRestHandler } from '../../shared/http/rest-handler';

export const handler = createRestHandler(groupNamed('openapi'));
