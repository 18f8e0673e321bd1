import { billingGroup } from '../../shared/api/billing';
import { createRestHandler } from '../../shared/http/rest-handler';
import { restOperations } from '../../shared/http/rest-operations';

export const handler = createRestHandler(billingGroup, restOperations());
