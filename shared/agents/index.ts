/**
 * The agent platform's catalogue and its one call path. Transports (MCP, A2A) import from here:
 * - CAPABILITIES / SKILLS: the catalogue as data (catalogue.ts; generated from the manifests),
 *   loadCapability: a capability's code, its module loaded on demand,
 * - usableBy / refusal: the scope filter (scope.ts),
 * - runCapability: run one capability for a verified credential, audit record written (run.ts),
 * - the derived documents (documents.ts).
 */

export {
  type BudgetSpend,
  type CallCount,
  countAgentCalls,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  judgeSpend,
  overBudget,
  spendAgentBudget,
} from './budget';
export {
  type AnyCapability,
  annotationsOf,
  type Capability,
  type CapabilityInfo,
  type DeclaredCapability,
  defineCapability,
  type OperationInfo,
  operationCapability,
  type Skill,
} from './capability';
export {
  CAPABILITIES,
  checkCatalogue,
  loadActionType,
  loadCapability,
  loadModule,
  outputSchemas,
  SKILLS,
} from './catalogue';
export {
  AGENT_PLATFORM_VERSION,
  agentCard,
  agentsResource,
  aiPlugin,
  type Catalogue,
  capabilitiesResource,
  catalogueCounts,
  catalogueScopes,
  type Endpoints,
  metaSkills,
  metaTools,
  SERVICE_NAME,
  skillDescriptors,
  type ToolDescriptor,
  toolDescriptor,
  toolDescriptors,
} from './documents';
export { redactArguments } from './redact';
export {
  type AgentCall,
  agentActor,
  asRefused,
  type CallOutcome,
  executeCapability,
  findCapability,
  recordCalls,
  recordUnrun,
  refusedCall,
  runCapability,
} from './run';
export {
  type Credential,
  grantedActor,
  mayUse,
  missingGrantScope,
  refusal,
  scopesCover,
  usableBy,
} from './scope';
