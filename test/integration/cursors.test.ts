/**
 * Sealed list cursors through the local runtime (issue 16, item 16): a client sees no key
 * structure, the next page still follows, and a cursor still works only for its own list and
 * tenant.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/api';
import { opdHospital, opdRuntime } from '../support/opd';

const rt = opdRuntime('Asia/Kolkata');

describe('list cursors', () => {
  it('are opaque, follow to the next page, and stay bound to their list and tenant', async () => {
    const [h, other] = await Promise.all([opdHospital(rt.url), opdHospital(rt.url)]);
    const [a, b] = [await h.patient(), await h.patient()];
    const first = await h.reception.api.get('/patients?limit=1');
    expect(first.status).toBe(200);
    const cursor: string = first.body.nextCursor;
    const opened = Buffer.from(cursor, 'base64url').toString('latin1');
    expect(opened).not.toContain('TENANT');
    expect(opened).not.toContain(h.tenantId);
    const second = await h.reception.api.get(`/patients?limit=1&cursor=${cursor}`);
    expect(second.status).toBe(200);
    expect([...first.body.items, ...second.body.items].map((p: any) => p.id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    expectError(
      await other.reception.api.get(`/patients?limit=1&cursor=${cursor}`),
      400,
      /^cursor: /,
    );
    expectError(await h.reception.api.get(`/doctors?limit=1&cursor=${cursor}`), 400, /^cursor: /);
  });
});
