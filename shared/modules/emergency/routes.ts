import { defineGroup, route } from '../../http/route';
import * as ed from './operations';

const tag = 'Emergency department';

export const emergencyGroup = defineGroup({
  name: 'emergency',
  source: import.meta.url,
  description:
    'Emergency department: arrivals, ESI v4 triage, the ED board, disposition and the 4-hour figures',
  routes: [
    route(ed.arrive, { method: 'POST', path: '/emergency/arrivals', tag, status: 201 }),
    route(ed.board, { method: 'GET', path: '/emergency/board', tag }),
    route(ed.stats, { method: 'GET', path: '/emergency/stats', tag }),
    route(ed.getTargets, { method: 'GET', path: '/emergency/settings/targets', tag }),
    route(ed.setTargets, { method: 'PUT', path: '/emergency/settings/targets', tag }),
    route(ed.get, { method: 'GET', path: '/emergency/visits/{id}', tag }),
    route(ed.triage, { method: 'POST', path: '/emergency/visits/{id}/triage', tag }),
    route(ed.seen, { method: 'POST', path: '/emergency/visits/{id}/seen', tag }),
    route(ed.identify, { method: 'POST', path: '/emergency/visits/{id}/identify', tag }),
    route(ed.dispose, { method: 'POST', path: '/emergency/visits/{id}/disposition', tag }),
    route(ed.left, { method: 'POST', path: '/emergency/visits/{id}/left', tag }),
  ],
});
