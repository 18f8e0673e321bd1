/**
 * The theatre's handlers, one chunk loaded on the first request that runs one (operations.ts):
 * one on-demand entry instead of one per file keeps the chunks loaded at start few.
 */
export * from './cases';
export * from './theatres';
export { waitingList } from './waiting';
