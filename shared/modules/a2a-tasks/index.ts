/** What the A2A transport uses: the per-tenant, per-credential task store. */
export { type A2aTaskFields, TASK_HISTORY_MAX, TASK_PAGE, TASK_TTL_DAYS } from './schemas';
export { A2A_TASK_TRANSITIONS, a2aTaskStateTableMarkdown } from './status';
export { listTasks, loadTask, saveTask } from './store';
