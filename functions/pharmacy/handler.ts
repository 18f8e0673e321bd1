import { pharmacyGroup } from '../../shared/api/pharmacy';
import { createRestHandler } from '../../shared/http/rest-handler';
import { restOperations } from '../../shared/http/rest-operations';

export const handler = createRestHandler(pharmacyGroup, restOperations());
