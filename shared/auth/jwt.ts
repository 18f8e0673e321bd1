import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '../kernel/roles';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const ISSUER = 'hospital-management-service';
const AUDIENCE = 'hospital-api';

export interface AccessClaims {
  sub: string;
  tid: string;
  role: Role;
}

/**
 * The signing key: on AWS from Secrets Manager (JWT_SECRET_ARN), fetched once per container;
 * locally from JWT_SECRET, which the local runtime generates.
 */
let keyPromise: Promise<Uint8Array> | undefined;

async function loadKey(): Promise<Uint8Array> {
  const local = process.env.JWT_SECRET;
  if (local) return new TextEncoder().encode(local);
  const arn = process.env.JWT_SECRET_ARN;
  if (!arn) throw new Error('Neither JWT_SECRET nor JWT_SECRET_ARN is set');
  const res = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  if (!res.SecretString) throw new Error('JWT signing secret is empty');
  return new TextEncoder().encode(res.SecretString);
}

function signingKey(): Promise<Uint8Array> {
  keyPromise ??= loadKey().catch((err) => {
    keyPromise = undefined;
    throw err;
  });
  return keyPromise;
}

export function resetSigningKey(): void {
  keyPromise = undefined;
}

export async function signAccessToken(claims: AccessClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ tid: claims.tid, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(await signingKey());
}

/** Returns the claims, or null for any invalid, expired or foreign token. */
export async function verifyAccessToken(token: string, now: Date): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.tid !== 'string' ||
      typeof payload.role !== 'string'
    )
      return null;
    return { sub: payload.sub, tid: payload.tid, role: payload.role as Role };
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}
