import { defineCapability, operationCapability } from '../../agents/capability';
import { LocalDateSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import { defineModule } from '../../manifest/module';
import * as roster from './operations';
import { rosterGroup } from './routes';
import { Code, Job } from './schemas';

const getRoster = operationCapability(roster.getRoster, {
  name: 'get-roster',
  tool: true,
  skill: 'staff-roster',
  title: 'Get a roster',
  description:
    "A ward's roster for the period starting on a date: who works which shift each day, the coverage it misses and why, rule violations and fairness figures.",
  scope: 'roster:read',
  tags: ['roster', 'staff', 'shifts'],
  keywords: ['roster', 'rota', 'shift', 'shifts', 'schedule', 'nurses', 'staff'],
  examples: ['Show the roster of ward W3 from 2027-02-01'],
});

const whoIsOnDuty = operationCapability(roster.onDuty, {
  name: 'who-is-on-duty',
  tool: true,
  skill: 'staff-roster',
  title: 'Who is on duty',
  description:
    'Who is on duty on a ward at a time (now when left out), from the published roster, with grade and competencies.',
  scope: 'roster:read',
  tags: ['roster', 'staff', 'on-duty'],
  keywords: ['duty', 'on-duty', 'night', 'nurse', 'charge', 'working', 'who'],
  examples: ['Who is the night nurse on ward W3?', 'Who is on duty on ward W3 now?'],
});

const generateRoster = defineCapability({
  name: 'generate-roster',
  tool: true,
  skill: 'roster-generation',
  title: 'Generate a roster',
  description:
    "Generate a draft roster of a ward for a period with the HiGHS solver and answer its summary: coverage met, shortfalls with reasons, fairness figures. Publishing stays a ward manager's action.",
  operations: [roster.generate],
  input: z.strictObject({
    wardId: Code,
    start: LocalDateSchema,
    days: z.number().check(z.int(), z.gte(1), z.lte(42)),
  }),
  output: Job,
  scope: 'roster:manage',
  tags: ['roster', 'generation', 'planning'],
  keywords: ['roster', 'rota', 'generate', 'plan', 'schedule', 'month', 'draft'],
  examples: ['Roster ward W3 for 28 days from 2027-02-01'],
  run: (_ctx, input, call) => call(roster.generate, input),
});

export default defineModule({
  name: 'roster',
  title: 'Staff roster',
  area: 'inpatient',
  source: import.meta.url,
  doc: 'docs/roster.md',
  scopes: {
    'roster:read': 'Read rosters, ward set-up, rules and who is on duty',
    'roster:write': 'Request leave and swaps',
    'roster:manage': 'Configure, generate, edit and publish rosters; decide leave and swaps',
  },
  groups: [rosterGroup],
  pages: [
    {
      name: 'roster',
      path: '/roster',
      title: 'Staff roster',
      summary:
        "A ward's roster as a grid, generate and publish a draft, who is on duty now, leave requests and approval",
      icon: 'calendar',
      section: 'Inpatients',
      audience: [roster.getRoster],
      layout: 'app',
      body: 'shared/web/roster.ts',
      script: 'shared/web/client/roster.ts',
    },
  ],
  capabilities: [getRoster, whoIsOnDuty, generateRoster],
  skills: [
    {
      name: 'staff-roster',
      title: 'Staff roster',
      description: "Read a ward's roster and who is on duty now or at a time.",
      tags: ['roster', 'staff'],
      examples: ['Who is the night nurse on ward W3?'],
      keywords: ['roster', 'duty', 'shift'],
    },
    {
      name: 'roster-generation',
      title: 'Roster generation',
      description:
        'Roster a ward for a period: asks for the ward, start date and length if missing, generates the draft with HiGHS and answers its summary; publishing stays human.',
      tags: ['roster', 'generation'],
      examples: ['Roster ward W3 for 28 days from 2027-02-01'],
      keywords: ['roster', 'rota', 'generate', 'plan'],
    },
  ],
});
