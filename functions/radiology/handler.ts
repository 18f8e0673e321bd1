import { radiologyGroup } from '../../shared/api/radiology';
import { createRestHandler } from '../../shared/http/rest-handler';
import { restOperations } from '../../shared/http/rest-operations';

export const handler = createRestHandler(radiologyGroup, restOperations());
