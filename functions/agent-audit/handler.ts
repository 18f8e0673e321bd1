import { agentAuditGroup } from '../../shared/api/agent-audit';
import { createRestHandler } from '../../shared/http/rest-handler';
import { restOperations } from '../../shared/http/rest-operations';

export const handler = createRestHandler(agentAuditGroup, restOperations());
