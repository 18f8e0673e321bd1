import { defineCapability, type OperationCall, operationCapability } from '../../agents/capability';
import { Forbidden } from '../../kernel/errors';
import { invalidField } from '../../kernel/validation';
import * as z from '../../kernel/zod';
import { defineModule } from '../../manifest/module';
import { surgeryBookingAction } from './actions';
import * as ot from './operations';
import { theatreGroup } from './routes';
import { ChecklistView } from './schemas';
import { caseStatusTableMarkdown } from './status';

// The ot-protocol skill's answers that are more than one operation: which checklist to read (a
// case's, or the case in a theatre now or next), and the refusal to tick an item, which names the
// team member who must confirm it in person (an agent never confirms a checklist item:
// theatre.confirmItem is a clinical decision of that person).

const ChecklistArgs = z.strictObject({
  caseId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a valid case id'))),
  theatre: z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9.-]{0,19}$/, 'must be a theatre code')),
  ),
});

const TickArgs = z.strictObject({
  caseId: z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a valid case id')),
  item: z.string().check(z.regex(/^[a-z][a-z0-9-]{1,39}$/, 'must be a checklist item code')),
});

type Ops = {
  checklist: Parameters<OperationCall>[0];
  theatreChecklist: Parameters<OperationCall>[0];
};

async function readChecklistFor(
  args: z.output<typeof ChecklistArgs>,
  call: OperationCall,
  ops: Ops,
): Promise<ChecklistView> {
  if (args.caseId) return (await call(ops.checklist, { id: args.caseId })) as ChecklistView;
  if (args.theatre)
    return (await call(ops.theatreChecklist, { theatre: args.theatre })) as ChecklistView;
  throw invalidField('caseId', 'give a case id, or a theatre for the case in it now or next');
}

/** Reads the item and refuses, naming who must confirm it. */
async function refuseTick(
  args: z.output<typeof TickArgs>,
  call: OperationCall,
  ops: Ops,
): Promise<never> {
  const view = await readChecklistFor({ caseId: args.caseId }, call, ops);
  const item = view.phases.flatMap((p) => p.items).find((i) => i.code === args.item);
  if (!item) throw invalidField('item', `${args.item} is not on case ${args.caseId}'s checklist`);
  if (item.confirmation)
    throw new Forbidden(
      `An agent cannot tick checklist items; ${item.code} was already confirmed by ${item.confirmation.byName} at ${item.confirmation.at}`,
    );
  throw new Forbidden(
    `An agent cannot tick checklist items: "${item.text}" must be confirmed in person by the case's ${item.confirmer}, ${item.confirmerName}`,
  );
}

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
  actionTypes: [surgeryBookingAction],
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
  pages: [
    {
      name: 'theatre-list',
      path: '/theatre',
      title: 'Theatre lists',
      summary:
        'Theatre lists per theatre and day; open sessions and book cases (clashes explained)',
      icon: 'scalpel',
      section: 'Clinical',
      audience: [ot.lists],
      layout: 'app',
      body: 'shared/web/theatre.ts',
      script: 'shared/web/client/theatre.ts',
    },
    {
      name: 'theatre-checklist',
      path: '/theatre/checklist',
      title: 'Surgical checklist',
      summary:
        'The WHO Surgical Safety Checklist on a tablet: one phase at a time, each item by its named team member',
      icon: 'checklist',
      section: 'Clinical',
      audience: [ot.checklist],
      layout: 'app',
      body: 'shared/web/theatre-checklist.ts',
      script: 'shared/web/client/theatre-checklist.ts',
    },
  ],
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
      placedWhen: 'a case of an admission in progress is booked into a session',
      releasedWhen:
        'the patient leaves the operating room, or the case is cancelled or bumped back to the waiting list',
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
