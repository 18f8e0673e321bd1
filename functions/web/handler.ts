import '../../shared/kernel/stack-traces';
import { webGroup } from '../../shared/api/web';
import { createRestHandler } from '../../shared/http/rest-handler';

export const handler = createRestHandler(webGroup);
