import { defineGroup, route } from '../../http/route';
import * as monitor from './operations';

export const monitorGroup = defineGroup({
  name: 'monitor',
  source: import.meta.url,
  description: "The system monitor: the hospital's operational health in one answer",
  routes: [route(monitor.get, { method: 'GET', path: '/system/monitor', tag: 'System monitor' })],
});
