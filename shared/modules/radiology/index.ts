/** What other modules may use of radiology: the charge lines for billing and the state tables. */
export { radiologyOrderChargeLines } from './charges';
export { RadOrder } from './schemas';
export { radiologyStatusTableMarkdown, radiologyStepTableMarkdown } from './status';
