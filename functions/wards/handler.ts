import { wardsGroup } from '../../shared/api/wards';
import { createRestHandler } from '../../shared/http/rest-handler';
import { restOperations } from '../../shared/http/rest-operations';

export const handler = createRestHandler(wardsGroup, restOperations());
