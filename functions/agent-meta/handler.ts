import '../../shared/kernel/stack-traces';
import { agentMetaGroup } from '../../shared/api/agents';
import { createRestHandler } from '../../shared/http/rest-handler';

export const handler = createRestHandler(agentMetaGroup);
