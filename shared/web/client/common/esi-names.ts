/** ESI v4 level names (AHRQ Handbook 2012), shared by the ED board and the triage form. */
export const CATEGORY_NAMES: Record<string, string> = {
  '1': 'Resuscitation',
  '2': 'Emergent',
  '3': 'Urgent',
  '4': 'Less urgent',
  '5': 'Non-urgent',
  none: 'Awaiting triage',
};
