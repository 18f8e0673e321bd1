/** What other modules may use of the lab: the order source, the charge lines for billing, the state tables. */
export { type ChargeLine, labOrderChargeLines, orderChargeWrites } from './charges';
// Agent actions propose lab orders for approval and run this operation once one is approved.
export { order as orderLabTests } from './operations';
export { ageOn } from './ranges';
export { requireRequester } from './requester';
export { LabOrder, type Priority, PrioritySchema } from './schemas';
export { type OrderSource, OrderSourceSchema, resolveSource, SOURCE_RESOLVERS } from './source';
export { labOrderStatusTableMarkdown, labStepTableMarkdown } from './status';
