import { defineGroup, route } from '../../http/route';
import * as reports from './operations';
import type { Report } from './schemas';

export const reportsGroup = defineGroup({
  name: 'reports',
  source: import.meta.url,
  description: "Managers' weekly reports from aggregates kept with the writes, as JSON or CSV",
  routes: [
    route(reports.get, {
      method: 'GET',
      path: '/reports/{report}',
      tag: 'Reports',
      text: (result) => {
        const r = result as Report;
        return r.csv === undefined
          ? undefined
          : {
              contentType: 'text/csv; charset=utf-8',
              body: r.csv,
              fileName: `${r.report}-${r.from}-${r.to}.csv`,
            };
      },
    }),
  ],
});
