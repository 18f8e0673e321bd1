import { TRIAGE_SCALE } from '../../clinical/esi';
import { defineModule } from '../../manifest/module';
import { emergencyGroup } from './routes';

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
  stateTables: [
    {
      title: 'ED visit (`emergency.*`: `/emergency/visits/{id}/…`)',
      intro:
        `Arrival starts \`awaiting-triage\`; triage (${TRIAGE_SCALE.title}) moves it to \`awaiting-clinician\` (a re-triage keeps the status and the history); ` +
        '`seen` to `with-clinician`; a disposition (admit, discharge, transfer: a doctor) or "left without being seen" (before being seen) to `departed`, which is final.',
    },
  ],
});
