import { FAIR_SHARE_ENV, REGISTRATION_ENV } from '../shared/kernel/deployment-env';
import type { ApiFunction } from './functions';
import type { Settings } from './settings';

export type FairShareSettings = Pick<
  Settings,
  'hospitalRateLimit' | 'hospitalBurstLimit' | 'apiKeyRateLimit' | 'apiKeyBurstLimit'
>;

/**
 * Gives every REST function that serves operations the fair-share limits (shared/edge/fair-share.ts
 * reads them per request): each hospital's and each API key's own rate and burst within the stage
 * throttle. Functions without table access serve pages only and count nothing.
 */
export function applyFairShare(functions: readonly ApiFunction[], settings: FairShareSettings) {
  for (const f of functions) {
    if (!f.spec.restGroup || f.spec.permissions.table === 'none') continue;
    f.fn.addEnvironment(FAIR_SHARE_ENV.hospitalRate, String(settings.hospitalRateLimit));
    f.fn.addEnvironment(FAIR_SHARE_ENV.hospitalBurst, String(settings.hospitalBurstLimit));
    f.fn.addEnvironment(FAIR_SHARE_ENV.apiKeyRate, String(settings.apiKeyRateLimit));
    f.fn.addEnvironment(FAIR_SHARE_ENV.apiKeyBurst, String(settings.apiKeyBurstLimit));
  }
}

/** The registration setting of the production profile, for the functions that serve operations. */
export function applyRegistration(
  functions: readonly ApiFunction[],
  settings: Pick<Settings, 'registration' | 'registrationInviteSha256'>,
) {
  for (const f of functions) {
    if (!f.spec.restGroup || f.spec.permissions.table === 'none') continue;
    f.fn.addEnvironment(REGISTRATION_ENV.mode, settings.registration);
    if (settings.registrationInviteSha256)
      f.fn.addEnvironment(REGISTRATION_ENV.inviteSha256, settings.registrationInviteSha256);
  }
}
