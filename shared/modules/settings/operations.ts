import { defineOperation } from '../../kernel/operation';
import { actionSettingsDecision } from '../agent-actions/index';
import { HospitalSettings, NoInput, UpdateSettingsInput } from './schemas';
import { getSettings, updateSettings } from './service';

export const get = defineOperation({
  name: 'settings.get',
  summary:
    "The hospital's settings in one document: profile, time zone, country, billing currency, thresholds and tax, agent rate limit, auto-approval and lifetimes, the version and the latest changes",
  input: NoInput,
  output: HospitalSettings,
  access: { roles: [], scope: 'settings:read' },
  kind: 'read',
  idempotent: true,
  handler: getSettings,
});

export const update = defineOperation({
  name: 'settings.update',
  summary:
    'Change any of the hospital settings in one request (the GET answer, edited or not, or only the fields to change); with `version`, only if nothing changed since (administrators, signed in)',
  input: UpdateSettingsInput,
  output: HospitalSettings,
  access: { roles: [], decisions: [actionSettingsDecision] },
  kind: 'write',
  idempotent: true,
  handler: updateSettings,
});
