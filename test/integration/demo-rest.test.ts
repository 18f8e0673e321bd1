/**
 * The demo data over REST for the administrator's one-click fill (docs/demo.md): `POST /demo`
 * generates once into an empty trial hospital and records each step on the marker, which
 * `GET /demo` answers while it runs and after; a hospital with patients of its own is refused
 * with a sentence that says why; bad input answers 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { newTenant } from '../support/api';
import { must } from '../support/inpatient';
import { startTestRuntime } from '../support/runtime';

let rt: LocalRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
}, 60_000);
afterAll(() => rt?.close());

describe('POST /demo and GET /demo', () => {
  it('generates once, with each step readable while it runs, then done with the counts', async () => {
    const t = await newTenant(rt.url);
    expect(await must(t.admin.get('/demo'), 200, 'before')).toEqual({ state: 'none' });

    const seen: { state: string; step?: string; done?: number; total?: number }[] = [];
    let running = true;
    const watching = (async () => {
      while (running) {
        seen.push(await must(t.admin.get('/demo'), 200, 'status'));
        await new Promise((ok) => setTimeout(ok, 100));
      }
    })();
    const made = await t.admin.post('/demo', { seed: 'rest-demo' });
    running = false;
    await watching;
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ seed: 'rest-demo', size: 'small' });
    expect(made.body.counts.patients).toBe(30);

    const steps = seen.filter((s) => s.state === 'running' && s.step);
    expect(steps.length).toBeGreaterThan(0);
    for (const s of steps) {
      expect(s.total).toBe(17);
      expect(s.done).toBeGreaterThanOrEqual(0);
      expect(s.done).toBeLessThan(17);
    }
    const after = await must(t.admin.get('/demo'), 200, 'after');
    expect(after).toMatchObject({
      state: 'done',
      seed: 'rest-demo',
      size: 'small',
      step: 'agent actions',
      done: 16,
      total: 17,
    });
    expect(after.counts).toEqual(made.body.counts);

    // Once per hospital.
    const again = await t.admin.post('/demo', {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'This hospital already has its demo data; it is generated once per hospital',
    );
  }, 180_000);

  it('refuses a hospital with patients of its own, saying why, and records nothing', async () => {
    const t = await newTenant(rt.url);
    await must(
      t.admin.post('/patients/register', {
        name: 'Real Patient',
        dateOfBirth: '1980-02-03',
        sex: 'female',
        phone: '+91 9812345678',
      }),
      201,
      'patient',
    );
    const refused = await t.admin.post('/demo', {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This hospital already has patients of its own, so demo data would mix with them: it is loaded only into a hospital with no patients yet. (An administrator calling the operation directly may pass force: true to add it anyway.)',
    );
    expect(await must(t.admin.get('/demo'), 200, 'status')).toEqual({ state: 'none' });
  });

  it('answers 400 naming the field for a bad size', async () => {
    const t = await newTenant(rt.url);
    const bad = await t.admin.post('/demo', { size: 'huge' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/size/);
    expect(await must(t.admin.get('/demo'), 200, 'status')).toEqual({ state: 'none' });
  });
});
