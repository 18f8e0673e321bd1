/** What the A2A transport uses: the per-tenant, per-credential task store. */
export { type A2aTaskFields, TASK_PAGE } from './schemas';
export { listTasks, loadTask, saveTask } from './store';
