import { defineOperation, PUBLIC } from '../../kernel/operation';
import { AccessToken, LoginInput, Me, NoInput } from './schemas';
import { me as profile, login as signIn } from './service';

export const login = defineOperation({
  name: 'auth.login',
  summary: 'Exchange e-mail and password for a one-hour access token',
  input: LoginInput,
  output: AccessToken,
  access: PUBLIC,
  kind: 'write',
  idempotent: false,
  handler: signIn,
});

export const me = defineOperation({
  name: 'auth.me',
  summary: 'The signed-in user profile',
  input: NoInput,
  output: Me,
  access: { roles: 'any' },
  kind: 'read',
  idempotent: true,
  handler: profile,
});
