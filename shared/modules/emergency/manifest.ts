import { operationCapability } from '../../agents/capability';
import { TRIAGE_SCALE } from '../../clinical/esi';
import { defineModule } from '../../manifest/module';
import * as ed from './operations';
import { emergencyGroup } from './routes';

const edBoard = operationCapability(ed.board, {
  name: 'get-ed-board',
  tool: true,
  skill: 'ed-triage',
  title: 'ED board',
  description:
    "The emergency department now: every attendance by acuity (ESI level 1 most urgent; awaiting triage first), minutes waiting against the level's target to be seen, breaches, who is seeing whom. Read-only: triage and disposition are a nurse's or doctor's.",
  scope: 'emergency:read',
  tags: ['emergency', 'ed', 'triage', 'board', 'waits'],
  keywords: ['ed', 'emergency', 'a&e', 'triage', 'waiting', 'breach', 'acuity', 'board'],
  examples: ['Who is waiting longest in the ED?', 'Any ED patients past their target time?'],
});

const edStats = operationCapability(ed.stats, {
  name: 'get-ed-stats',
  tool: true,
  skill: 'ed-triage',
  title: 'ED time-in-department figures',
  description:
    "A day's ED departures and the share within 4 hours (the 4-hour standard), by disposition, from counters kept with each departure.",
  scope: 'emergency:read',
  tags: ['emergency', 'ed', '4-hour', 'performance'],
  keywords: ['4 hour', 'four hour', 'standard', 'departures', 'performance', 'ed'],
  examples: ['How did the ED do against the 4-hour standard yesterday?'],
});

export default defineModule({
  name: 'emergency',
  title: 'Emergency department',
  // The ED shares the acute-care area with the wards it admits to (its own stack when it grows).
  area: 'inpatient',
  source: import.meta.url,
  doc: 'docs/emergency.md',
  scopes: {
    'emergency:read': 'Read the ED board, visits, targets and time-in-department figures',
    'emergency:write': 'Register ED arrivals, triage, record who sees the patient, disposition',
  },
  groups: [emergencyGroup],
  pages: [
    {
      name: 'ed-board',
      path: '/ed',
      title: 'ED board',
      summary:
        "The emergency department now: patients by triage category, waits against each category's target (colour and words), who is seeing whom; refreshes by itself",
      icon: 'ambulance',
      section: 'Clinical',
      audience: [ed.board],
      layout: 'app',
      body: 'shared/web/ed-board.ts',
      script: 'shared/web/client/ed-board.ts',
    },
    {
      name: 'ed-triage',
      path: '/ed/triage',
      title: 'ED triage',
      summary:
        'Triage at speed: the patient by name (registering the arrival when needed), the ESI decision points, observations, and the category with its NEWS2 or PEWS',
      icon: 'checklist',
      section: 'Clinical',
      audience: [ed.triage],
      layout: 'app',
      body: 'shared/web/ed-triage.ts',
      script: 'shared/web/client/ed-triage.ts',
    },
  ],
  capabilities: [edBoard, edStats],
  skills: [
    {
      name: 'ed-triage',
      title: 'Emergency department triage and flow',
      description:
        'The ED board by acuity (ESI v4) with waits against each level’s target and breaches, and the day’s 4-hour figures. Never triages or disposes: those are a nurse’s or doctor’s decisions.',
      tags: ['emergency', 'triage', 'ed'],
      examples: ['Who is waiting longest in the ED?', 'What was the 4-hour performance today?'],
      keywords: ['ed', 'emergency', 'triage', 'waiting', 'breach', '4 hour'],
    },
  ],
  stateTables: [
    {
      title: 'ED visit (`emergency.*`: `/emergency/visits/{id}/…`)',
      intro:
        `Arrival starts \`awaiting-triage\`; triage (${TRIAGE_SCALE.title}) moves it to \`awaiting-clinician\` (a re-triage keeps the status and the history); ` +
        '`seen` to `with-clinician`; a disposition (admit, discharge, transfer: a doctor) or "left without being seen" (before being seen) to `departed`, which is final.',
    },
  ],
});
