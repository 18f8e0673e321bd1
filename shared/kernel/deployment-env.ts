/**
 * Environment variables the stack sets on the functions for per-deployment limits and policies
 * (lib/fair-share.ts), declared once for the stack and the code that reads them.
 */

/** The fair share between hospitals (shared/edge/fair-share.ts). */
export const FAIR_SHARE_ENV = {
  hospitalRate: 'HMS_HOSPITAL_RATE_LIMIT',
  hospitalBurst: 'HMS_HOSPITAL_BURST_LIMIT',
  apiKeyRate: 'HMS_API_KEY_RATE_LIMIT',
  apiKeyBurst: 'HMS_API_KEY_BURST_LIMIT',
} as const;

/** Who may register a hospital (shared/modules/tenants/registration.ts). */
export const REGISTRATION_ENV = {
  mode: 'HMS_REGISTRATION',
  inviteSha256: 'HMS_REGISTRATION_INVITE_SHA256',
} as const;
