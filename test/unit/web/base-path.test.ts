import { describe, expect, it } from 'vitest';
import { basePathOf } from '../../../shared/edge/request';
import { withBasePath } from '../../../shared/web/base-path';
import { renderPage } from '../../../shared/web/pages';

describe('base path', () => {
  it('is the stage prefix on the default API Gateway URL, empty elsewhere', () => {
    expect(basePathOf('/prod/login', '/login')).toBe('/prod');
    expect(basePathOf('/prod/', '/')).toBe('/prod');
    expect(basePathOf('/login', '/login')).toBe('');
    expect(basePathOf(undefined, '/login')).toBe('');
    expect(basePathOf('/"><script>/login', '/login')).toBe('');
  });

  it('rewrites root-relative links and the script src, and marks the document', () => {
    const login = renderPage('login', { src: () => '/assets/login.0123456789ab.js' });
    const html = withBasePath(login, '/prod');
    expect(html).toContain('<html lang="en" data-base="/prod"');
    expect(html).toContain('href="/prod/get-started"');
    expect(html).not.toMatch(/ href="\/(?!prod)/);
    expect(html).toContain('<script src="/prod/assets/login.0123456789ab.js" defer></script>');
    expect(html).not.toMatch(/ src="\/(?!prod)/);
    expect(withBasePath(login, '')).toBe(login);
  });
});
