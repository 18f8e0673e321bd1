import { defineGroup, route } from '../../http/route';
import * as demo from './operations';

const tag = 'Demo hospital';

export const demoGroup = defineGroup({
  name: 'demo',
  source: import.meta.url,
  // The small demo runs inside the request (a few seconds on AWS): up to API Gateway's 29 s.
  timeoutSeconds: 29,
  description:
    "The demo hospital's data for a hospital on its trial: the administrator's one-click fill and its progress",
  routes: [
    route(demo.status, { method: 'GET', path: '/demo', tag }),
    route(demo.generate, { method: 'POST', path: '/demo', tag }),
  ],
});
