import type * as z from 'zod';
import type { Role } from '../auth/roles';
import type { Scope } from '../auth/scopes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. `public` needs no credential. Otherwise a staff user passes when ADMIN or
 * when their role is listed (`'any'` = every signed-in user), and an API key passes when it
 * carries `scope` (`'any'` = every key); a route without `scope` refuses API keys.
 */
export type Access =
  | { public: true }
  | {
      public?: false;
      roles: readonly Role[] | 'any';
      scope?: Scope | 'any';
      allowAfterTrial?: boolean;
    };

export interface RouteDef<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** API Gateway style template, e.g. `/patients/{id}`. */
  path: string;
  summary: string;
  access: Access;
  body?: B;
  query?: Q;
  params?: P;
  /** Success status code; 200 unless given. */
  status?: number;
  /**
   * `html` routes answer text/html; `script` routes text/javascript cached for a year (only for
   * content-hashed file names: the pages' scripts); everything else JSON.
   */
  produces?: 'json' | 'html' | 'script';
  /** Free-text tags for docs and the OpenAPI document. */
  tag: string;
}

export interface GroupDef<R extends Record<string, RouteDef> = Record<string, RouteDef>> {
  /** Function name, also the folder under functions/. */
  name: string;
  description: string;
  memoryMb: number;
  timeoutSeconds: number;
  /** What the function may touch; the CDK stack turns this into least-privilege grants. */
  permissions: { table: 'none' | 'read' | 'readwrite'; jwtSecret?: boolean; events?: boolean };
  routes: R;
}

export function defineRoute<
  B extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType = z.ZodUndefined,
>(def: RouteDef<B, Q, P>): RouteDef<B, Q, P> {
  return def;
}

export function defineGroup<R extends Record<string, RouteDef>>(def: GroupDef<R>): GroupDef<R> {
  return def;
}

export const PUBLIC: Access = { public: true };

export function isPublic(access: Access): access is { public: true } {
  return access.public === true;
}

/** Entry file of a group's function, relative to the project root. */
export function groupEntry(group: Pick<GroupDef, 'name'>): string {
  return `functions/${group.name}/handler.ts`;
}

export type Infer<T> = [Exclude<T, undefined>] extends [z.ZodType]
  ? z.output<Exclude<T, undefined>>
  : undefined;
