import { labGroup } from '../../shared/api/lab';
import { createRestHandler } from '../../shared/http/rest-handler';
import { restOperations } from '../../shared/http/rest-operations';

export const handler = createRestHandler(labGroup, restOperations());
