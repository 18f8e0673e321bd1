/**
 * The staff directory (`GET /users/directory`) the pages' staff pickers read: any signed-in role
 * sees its hospital's active colleagues by name (of one role when asked), never their e-mail,
 * never a deactivated user, never another tenant's staff; a role that does not exist is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { expectError, newTenant } from '../support/api';
import { startTestRuntime } from '../support/runtime';

let rt: LocalRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
}, 60_000);
afterAll(async () => {
  await rt?.close();
});

describe('the staff directory', () => {
  it('lists active colleagues of a role by name, without e-mail, only of the caller’s tenant', async () => {
    const t = await newTenant(rt.url);
    const other = await newTenant(rt.url);
    const coordinator = await t.staff('THEATRE_COORDINATOR');
    const nurse = await t.staff('NURSE');
    const leaver = await t.staff('NURSE');
    const doctor = await t.staff('DOCTOR');
    const foreignNurse = await other.staff('NURSE');
    expect((await t.admin.patch(`/users/${leaver.user.id}`, { active: false })).status).toBe(200);

    const nurses = await coordinator.api.get('/users/directory?role=NURSE');
    expect(nurses.status).toBe(200);
    expect(nurses.body.items).toEqual([{ id: nurse.user.id, name: 'NURSE User', role: 'NURSE' }]);
    const ids = (await coordinator.api.get('/users/directory')).body.items.map(
      (u: { id: string }) => u.id,
    );
    expect(ids).toEqual(
      expect.arrayContaining([coordinator.user.id, nurse.user.id, doctor.user.id]),
    );
    expect(ids).not.toContain(leaver.user.id);
    expect(ids).not.toContain(foreignNurse.user.id);

    expectError(await coordinator.api.get('/users/directory?role=JANITOR'), 400, /role/);
  }, 60_000);
});
