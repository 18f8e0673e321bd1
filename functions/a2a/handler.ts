import '../../shared/kernel/stack-traces';
import { createA2aHandler } from '../../shared/a2a/handler';

export const handler = createA2aHandler();
