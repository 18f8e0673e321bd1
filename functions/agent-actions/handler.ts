import { agentActionsGroup } from '../../shared/api/agent-actions';
import { createRestHandler } from '../../shared/http/rest-handler';
import { restOperations } from '../../shared/http/rest-operations';

export const handler = createRestHandler(agentActionsGroup, restOperations());
