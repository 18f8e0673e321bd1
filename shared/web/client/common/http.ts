/** Reaching the service from a page: its mount prefix and reading JSON answers. */

/**
 * Where the service is mounted: '' on a custom domain or locally, '/prod' on API Gateway's default
 * URL. The web function writes it on `<html data-base>` (shared/web/base-path.ts).
 */
export function url(path: string): string {
  return (document.documentElement.getAttribute('data-base') || '') + path;
}

/** The parsed body, or null when it is empty or not JSON (e.g. a proxy's HTML error page). */
export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The service's `{ message }` (a string, or a list of them), else the fallback. */
export function errorMessage(body: unknown, fallback: string): string {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && message.length) return message.join('. ');
  return fallback;
}
