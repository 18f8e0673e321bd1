import { defineModule } from '../../manifest/module';
import { wardsGroup } from './routes';
import { bedStateTableMarkdown } from './status';

export default defineModule({
  name: 'beds',
  title: 'Wards and beds',
  area: 'inpatient',
  source: import.meta.url,
  doc: 'docs/inpatient.md',
  scopes: {
    'beds:read': 'Read wards, beds, bed availability and the bed board',
    'beds:write': 'Manage wards and beds; mark beds clean, close and reopen them',
  },
  groups: [wardsGroup],
  pageScripts: { 'bed-board': 'shared/web/client/bed-board.ts' },
  stateTables: [
    {
      title:
        'Bed (HL7 table 0116, `beds.changeState`: `PATCH /beds/{id}/state`, `beds.markClean`: `POST /beds/{id}/clean`)',
      intro:
        'Admission and transfer move an `unoccupied` bed to `occupied`; transfer and discharge move the old bed to `housekeeping`; only marking it clean makes it `unoccupied` again. ' +
        'A bed manager changes the other states by hand; an occupied bed cannot be closed, isolated or marked contaminated (409). ' +
        "Each change updates its ward's availability counters in the same transaction.",
      render: bedStateTableMarkdown,
    },
  ],
});
