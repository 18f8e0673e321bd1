/** What other modules may use of radiology: the charge lines for billing and the state tables. */
export { radiologyOrderChargeLines } from './charges';
// Agent actions propose radiology orders for approval and run this operation once one is approved.
export { order as orderRadiology } from './operations';
export { RadOrder } from './schemas';
export { radiologyStatusTableMarkdown, radiologyStepTableMarkdown } from './status';
