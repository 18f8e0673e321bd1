/**
 * An order's priority, shared by lab and radiology orders: a file of its own so radiology's
 * schemas take it without the whole of lab's schemas (issue 15's bundle sizes).
 */
import * as z from '../../kernel/zod';

export const PRIORITIES = ['routine', 'urgent', 'stat'] as const;
export const PrioritySchema = z.enum(PRIORITIES, { message: 'must be routine, urgent or stat' });
export type Priority = z.output<typeof PrioritySchema>;
