/**
 * An order's priority, shared by lab and radiology orders. Here, not behind the lab's index, so
 * radiology's schemas take it without the lab's schemas and services (issue 15's bundle sizes;
 * see order-source.ts).
 */
import * as z from '../kernel/zod';

export const PRIORITIES = ['routine', 'urgent', 'stat'] as const;
export const PrioritySchema = z.enum(PRIORITIES, { message: 'must be routine, urgent or stat' });
export type Priority = z.output<typeof PrioritySchema>;
