import { defineCapability, operationCapability } from '../../agents/capability';
import { defineModule } from '../../manifest/module';
import { ChecklistArgs, readChecklistFor, refuseTick, TickArgs } from './agent';
import * as ot from './operations';
import { theatreGroup } from './routes';
import { ChecklistView } from './schemas';
import { caseStatusTableMarkdown } from './status';

const ops = { checklist: ot.checklist, theatreChecklist: ot.theatreChecklist };

const theatreList = operationCapability(ot.lists, {
  name: 'get-theatre-list',
  tool: true,
  skill: 'ot-protocol',
  title: 'Theatre list',
  description:
    'A date’s operating theatre lists: each theatre’s sessions, their cases in order, each case’s state and checklist progress.',
  scope: 'theatre:read',
  tags: ['theatre', 'surgery', 'list'],
  keywords: ['theatre list', 'operating list', 'list', 'cases', 'tomorrow'],
  examples: ['What is on the theatre list for 2026-11-26?'],
});

const surgicalChecklist = defineCapability({
  name: 'get-surgical-checklist',
  tool: true,
  skill: 'ot-protocol',
  title: 'Surgical safety checklist',
  description:
    'Where a case stands in the WHO Surgical Safety Checklist (by case id, or the case in a theatre now or next): phases, outstanding items and who must confirm each, and the next step.',
  operations: [ot.checklist, ot.theatreChecklist],
  input: ChecklistArgs,
  output: ChecklistView,
  scope: 'theatre:read',
  tags: ['theatre', 'surgery', 'checklist', 'who'],
  keywords: ['checklist', 'sign in', 'time out', 'sign out', 'outstanding', 'next step'],
  examples: ['Where does the next case in theatre 2 stand in the checklist?'],
  run: (_ctx, input, call) => readChecklistFor(input, call, ops),
});

const tickItem = defineCapability({
  name: 'tick-checklist-item',
  tool: false,
  skill: 'ot-protocol',
  title: 'Tick a checklist item (refused)',
  description:
    'Agents never confirm checklist items: answers which team member must confirm the item in person.',
  operations: [ot.checklist],
  input: TickArgs,
  output: ChecklistView,
  scope: 'theatre:read',
  tags: ['theatre', 'checklist'],
  keywords: ['tick', 'confirm item', 'mark done'],
  examples: ['Tick site-marked for case 3f2c…'],
  run: (_ctx, input, call) => refuseTick(input, call, ops),
});

export default defineModule({
  name: 'theatre',
  title: 'Operating theatre',
  area: 'inpatient',
  source: import.meta.url,
  doc: 'docs/theatre.md',
  scopes: {
    'theatre:read': 'Read theatres, sessions, surgical cases, checklists, lists and utilisation',
    'theatre:write': 'Manage theatres and sessions, request, book and record surgical cases',
  },
  capabilities: [theatreList, surgicalChecklist, tickItem],
  skills: [
    {
      name: 'ot-protocol',
      title: 'Operating theatre protocol',
      description:
        'Theatre lists, and where a case stands in the WHO Surgical Safety Checklist: outstanding items, who must confirm them, the next step. Never ticks an item.',
      tags: ['theatre', 'surgery', 'checklist'],
      examples: [
        'Where does the next case in theatre 2 stand?',
        'Which Time Out items are outstanding for case …?',
      ],
      keywords: ['theatre', 'surgery', 'surgical', 'operation', 'who checklist'],
    },
  ],
  groups: [theatreGroup],
  chargeSources: [
    {
      source: 'theatre-case',
      serviceTypes: ['theatre', 'procedure', 'anaesthesia'],
      event: 'a surgical case leaves the operating room (completed)',
      charged:
        'theatre time by the minute in the room (theatre tariff), the procedure at the price given with the request, anaesthesia by the minute from its start (hospital tariff)',
    },
  ],
  dischargeHolds: [
    {
      kind: 'theatre-case',
      placedWhen: 'the patient of an admission enters the operating room',
      releasedWhen: 'the patient leaves the operating room',
    },
  ],
  stateTables: [
    {
      title: 'Surgical case (`theatre.*`; FHIR `Procedure.status` in `fhirStatus`)',
      intro:
        '`theatre.schedule` books a waiting case (and moves a booked one, staying `scheduled`); a bumped case goes back to `waiting` with the reason; ' +
        '`theatre.timeline` moves it `in-theatre` at in-room and `completed` at out-of-room (after Sign Out); `theatre.cancel` with a reason code.',
      render: caseStatusTableMarkdown,
    },
  ],
});
