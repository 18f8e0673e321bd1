import { describe, expect, it } from 'vitest';
import { compileRoutes, matchRoute } from '../../../bin/local/api-gateway';
import { allRoutes, type ManifestRoute } from '../../../shared/api/index';

/** A route for the matcher only: a page route (with a name to recognise it), any method. */
function route(
  method: string,
  path: string,
  name = `${method} ${path}`,
): ManifestRoute & { name: string } {
  return {
    kind: 'page',
    method,
    path,
    name,
    group: 'test',
    module: 'test',
    summary: name,
    tag: 'Test',
    render: () => '',
  } as ManifestRoute & {
    name: string;
  };
}
const nameOf = (r: ManifestRoute | undefined) => (r as { name?: string } | undefined)?.name;

const QUEUE = route('GET', '/appointments/queue', 'queue');
const BY_ID = route('GET', '/appointments/{id}', 'byId');
const STATUS = route('POST', '/appointments/{id}/status', 'status');
const VISIT = route('GET', '/patients/{patientId}/visits/{visitId}', 'visit');
const ROOT = route('GET', '/', 'root');
const DOTTED = route('GET', '/files/report.pdf', 'dotted');

describe('matchRoute', () => {
  it('prefers a static segment over a parameter, whatever the declaration order', () => {
    for (const routes of [
      [BY_ID, QUEUE],
      [QUEUE, BY_ID],
    ]) {
      const compiled = compileRoutes(routes);
      expect(nameOf(matchRoute(compiled, 'GET', '/appointments/queue').route)).toBe('queue');
      const other = matchRoute(compiled, 'GET', '/appointments/a-1');
      expect(nameOf(other.route)).toBe('byId');
      expect(other.params).toEqual({ id: 'a-1' });
    }
  });

  it('extracts and URL-decodes path parameters', () => {
    const compiled = compileRoutes([VISIT, BY_ID]);
    expect(matchRoute(compiled, 'GET', '/patients/p%201/visits/v%2F2').params).toEqual({
      patientId: 'p 1',
      visitId: 'v/2',
    });
    expect(matchRoute(compiled, 'GET', '/appointments/%C3%A9t%C3%A9').params).toEqual({
      id: 'été',
    });
  });

  it('tolerates one trailing slash', () => {
    const compiled = compileRoutes([QUEUE, BY_ID, STATUS, ROOT]);
    expect(nameOf(matchRoute(compiled, 'GET', '/appointments/queue/').route)).toBe('queue');
    const m = matchRoute(compiled, 'POST', '/appointments/a-1/status/');
    expect(nameOf(m.route)).toBe('status');
    expect(m.params).toEqual({ id: 'a-1' });
    expect(nameOf(matchRoute(compiled, 'GET', '/').route)).toBe('root');
  });

  it('answers no route but pathMatched for a known path with another method', () => {
    const compiled = compileRoutes([QUEUE, BY_ID, STATUS]);
    expect(matchRoute(compiled, 'DELETE', '/appointments/a-1')).toEqual({
      route: undefined,
      params: {},
      pathMatched: true,
      malformed: false,
    });
    expect(matchRoute(compiled, 'GET', '/appointments/a-1/status')).toMatchObject({
      route: undefined,
      pathMatched: true,
    });
  });

  it('answers no route and no path match for unknown paths', () => {
    const compiled = compileRoutes([QUEUE, BY_ID, STATUS]);
    for (const path of [
      '/appointments',
      '/appointments/a/b',
      '/appointment/queue',
      '/appointments/queue//',
      '/x/appointments/queue',
      '/appointments//status',
    ]) {
      expect(matchRoute(compiled, 'GET', path), path).toEqual({
        route: undefined,
        params: {},
        pathMatched: false,
        malformed: false,
      });
    }
  });

  it('does not let a parameter span segments or match empty', () => {
    const compiled = compileRoutes([BY_ID]);
    expect(matchRoute(compiled, 'GET', '/appointments/').route).toBeUndefined();
    expect(matchRoute(compiled, 'GET', '/appointments/a/b').route).toBeUndefined();
  });

  it('matches static segments literally (regex characters escaped)', () => {
    const compiled = compileRoutes([DOTTED]);
    expect(nameOf(matchRoute(compiled, 'GET', '/files/report.pdf').route)).toBe('dotted');
    expect(matchRoute(compiled, 'GET', '/files/reportXpdf').route).toBeUndefined();
  });

  it('routes every manifest route to itself', () => {
    const routes = allRoutes();
    const compiled = compileRoutes(routes);
    for (const r of routes) {
      const names: string[] = [];
      const path = r.path.replace(/\{(\w+)\}/g, (_, n: string) => (names.push(n), `sample-${n}-1`));
      const m = matchRoute(compiled, r.method, path);
      expect(m.route, `${r.method} ${r.path}`).toBe(r);
      expect(m.params).toEqual(Object.fromEntries(names.map((n) => [n, `sample-${n}-1`])));
    }
  });
});

describe('matchRoute with malformed encoding', () => {
  it('reports malformed percent-encoding instead of throwing', async () => {
    const { allRoutes } = await import('../../../shared/api/index');
    const compiled = compileRoutes(allRoutes());
    expect(matchRoute(compiled, 'PATCH', '/users/%E0%A4%A')).toMatchObject({
      route: undefined,
      malformed: true,
    });
  });
});
