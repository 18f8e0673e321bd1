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
  keywords: [
    'roster',
    'rota',
    'shift',
    'shifts',
    'schedule',
    'nurses',
    'staff',
    'show',
    'view',
    'published',
    'the roster of',
  ],
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

/** How long generate-roster follows its job before answering it still under way. */
const AGENT_FOLLOW_MS = 20_000;
const AGENT_POLL_MS = 250;

const generateRoster = defineCapability({
  name: 'generate-roster',
  tool: true,
  skill: 'roster-generation',
  title: 'Generate a roster',
  description:
    "Generate a draft roster of a ward for a period with the HiGHS solver: starts the generation job and follows it for up to 20 seconds, then answers the job: done with the draft's summary (coverage met, shortfalls with reasons, fairness figures), failed with why, or still queued or solving with its id to follow with get-roster-generation. Publishing stays a ward manager's action.",
  operations: [roster.generate, roster.getJob],
  input: z.strictObject({
    wardId: Code,
    start: LocalDateSchema,
    days: z.number().check(z.int(), z.gte(1), z.lte(42)),
  }),
  output: Job,
  scope: 'roster:manage',
  tags: ['roster', 'generation', 'planning'],
  // "Roster ward W3 …", "roster the ward": roster as a verb asks for a new roster, not to read one.
  keywords: [
    'roster',
    'rota',
    'generate',
    'plan',
    'schedule',
    'month',
    'draft',
    'roster ward',
    'roster the',
    'roster a',
  ],
  examples: ['Roster ward W3 for 28 days from 2027-02-01'],
  run: async (_ctx, input, call) => {
    let job = (await call(roster.generate, input)) as Job;
    // Follows the job for a while, so that a small ward's draft comes back in this one call.
    const until = Date.now() + AGENT_FOLLOW_MS;
    while ((job.status === 'queued' || job.status === 'solving') && Date.now() < until) {
      await new Promise((ok) => setTimeout(ok, AGENT_POLL_MS));
      job = (await call(roster.getJob, { id: job.id })) as Job;
    }
    return job;
  },
});

const getGeneration = operationCapability(roster.getJob, {
  name: 'get-roster-generation',
  tool: true,
  skill: 'roster-generation',
  title: 'Follow a roster generation',
  description:
    'A roster generation job by id: queued, solving, done with the draft’s summary, or failed with why, and what to do next.',
  scope: 'roster:manage',
  tags: ['roster', 'generation'],
  keywords: ['generation', 'job', 'progress', 'status', 'draft'],
  examples: ['Is the roster generation 4b1c… done?'],
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
        "A ward's roster as a grid with its coverage heat map, generate, change and publish a draft, swaps and leave with their approval, who is on duty now",
      icon: 'calendar',
      section: 'Inpatients',
      audience: [roster.getRoster],
      layout: 'app',
      body: 'shared/web/roster.ts',
      script: 'shared/web/client/roster.ts',
    },
  ],
  capabilities: [getRoster, whoIsOnDuty, generateRoster, getGeneration],
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
        'Roster a ward for a period: asks for the ward, start date and length if missing, starts the generation job with HiGHS and answers the draft’s summary (or the job to follow while it is still solving); publishing stays human.',
      tags: ['roster', 'generation'],
      examples: ['Roster ward W3 for 28 days from 2027-02-01'],
      keywords: ['roster', 'rota', 'generate', 'plan'],
    },
  ],
});
