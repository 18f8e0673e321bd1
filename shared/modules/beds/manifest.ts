import { operationCapability } from '../../agents/capability';
import { defineModule } from '../../manifest/module';
import * as beds from './operations';
import { wardsGroup } from './routes';
import { bedStateTableMarkdown } from './status';

const bedAvailability = operationCapability(beds.availability, {
  name: 'get-bed-availability',
  tool: true,
  skill: 'bed-availability',
  title: 'Bed availability',
  description:
    'Beds per ward and in total: counts by state (HL7 0116) and free beds; filter by ward type, sex policy or a bed feature such as oxygen.',
  scope: 'agents:operations:read',
  tags: ['beds', 'wards', 'inpatient', 'operations'],
  keywords: ['bed', 'beds', 'ward', 'wards', 'free', 'vacant', 'icu', 'occupancy', 'availability'],
  examples: ['How many ICU beds are free?', 'Free beds with oxygen in female wards'],
});

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
  capabilities: [bedAvailability],
  skills: [
    {
      name: 'bed-availability',
      title: 'Bed availability',
      description:
        'Free and occupied beds per ward and in total, by ward type, sex policy and feature.',
      tags: ['beds', 'inpatient', 'operations'],
      examples: ['How many ICU beds are free?'],
      keywords: ['bed', 'beds', 'ward', 'free', 'vacant'],
    },
  ],
  groups: [wardsGroup],
  pages: [
    {
      name: 'bed-board',
      path: '/bed-board',
      title: 'Bed board',
      summary: 'Bed board: wards, beds, admit, transfer and discharge',
      icon: 'bed',
      section: 'Inpatients',
      audience: [beds.board],
      layout: 'app',
      body: 'shared/web/bed-board.ts',
      script: 'shared/web/client/bed-board.ts',
    },
  ],
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
