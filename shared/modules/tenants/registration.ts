/**
 * Who may register a hospital (`POST /tenants`): a deploy-time setting (lib/settings.ts,
 * context `registration`; the local runtime's `HMS_REGISTRATION`). `open` is right for a trial
 * service; `invite-only` asks for the invitation code the operator handed out (the deployment
 * holds only its SHA-256, `HMS_REGISTRATION_INVITE_SHA256`); `closed` registers nobody (a hospital
 * group's own account, whose hospitals the operator registers by opening it for a moment, or by
 * invitation).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { REGISTRATION_ENV } from '../../kernel/deployment-env';
import { Forbidden } from '../../kernel/errors';

export const REGISTRATION_MODES = ['open', 'invite-only', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export { REGISTRATION_ENV };

/** The mode the environment sets; open when it sets none (the local runtime's default). */
export function registrationMode(): RegistrationMode {
  const set = process.env[REGISTRATION_ENV.mode];
  return (REGISTRATION_MODES as readonly string[]).includes(set ?? '')
    ? (set as RegistrationMode)
    : 'open';
}

export const inviteCodeHash = (code: string) => createHash('sha256').update(code).digest('hex');

/** Refuses a registration the deployment's mode does not allow (403, saying why). */
export function requireRegistrationAllowed(inviteCode: string | undefined): void {
  const mode = registrationMode();
  if (mode === 'open') return;
  if (mode === 'closed')
    throw new Forbidden(
      'Registration of new hospitals is closed on this deployment; ask its operator',
    );
  const expected = Buffer.from(process.env[REGISTRATION_ENV.inviteSha256] ?? '', 'hex');
  const given = Buffer.from(inviteCodeHash(inviteCode ?? ''), 'hex');
  if (!inviteCode || expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new Forbidden(
      'Registration is by invitation on this deployment: give the inviteCode its operator sent you',
    );
}
