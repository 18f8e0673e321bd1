/**
 * The Approvals page in Chromium: a doctor sees an agent's pending prescription with its risk,
 * patient, change, rationale and time left, rejects one (with a reason) and approves the other,
 * which the executor carries out: the page then shows the prescription on the encounter.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, eventually, useBrowserRuntime } from '../support/browser';
import { hitlHospital } from '../support/hitl';

const rt = useBrowserRuntime({ nineAmIn: 'Asia/Kolkata' });

describe.skipIf(!chromiumAvailable)('Approvals page', () => {
  it('approve ends with the prescription on the encounter; reject needs a reason', async () => {
    const h = await hitlHospital(rt.url);
    const { encounter, patient } = await h.encounter();
    const first = await h.proposeRx(encounter.id);
    const second = await h.proposeRx(encounter.id, {
      drugName: 'Tramadol',
      strength: '50 mg',
      rationale: 'Pain not controlled by paracetamol',
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    const doctor = await h.admin.post('/users', {
      name: 'Dr Meera Iyer',
      email: `meera-${Date.now()}@example.test`,
      role: 'DOCTOR',
    });
    const page = await rt.signedIn(doctor.body.credentials);
    await page.click('#nav-approvals');

    const rx = page.locator(`#approvals tr[data-action-id="${first.body.id}"]`);
    const opioid = page.locator(`#approvals tr[data-action-id="${second.body.id}"]`);
    await rx.waitFor();
    const text = (await rx.textContent()) ?? '';
    for (const part of [patient.name, 'LOW', 'Paracetamol 500 mg', 'no liver disease', 'min left'])
      expect(text).toContain(part);
    await eventually(() => opioid.textContent()).toContain('HIGH: controlled drug (opioid)');

    // Rejecting without a reason is refused on the page; with one, the row says why.
    await opioid.locator('button[data-reject]').click();
    await eventually(() => page.textContent('#approvals-status')).toContain('Give a reason');
    await opioid.locator('input').fill('Opioid not indicated for fever');
    await opioid.locator('button[data-reject]').click();
    await page
      .locator(`#approvals tr[data-action-id="${second.body.id}"][data-status="REJECTED"]`)
      .waitFor();

    await rx.locator('button[data-approve]').click();
    const done = page.locator(
      `#approvals tr[data-action-id="${first.body.id}"][data-status="EXECUTED"]`,
    );
    await done.waitFor({ timeout: 20_000 });
    const onEncounter = done.locator(
      `ul.encounter-prescriptions[data-encounter-id="${encounter.id}"] li`,
    );
    await onEncounter.first().waitFor();
    await eventually(() => onEncounter.allTextContents()).toEqual([
      'Paracetamol 500 mg (active) — from this approval',
    ]);
    await page.screenshot({ path: join(tmpdir(), 'hms-approvals.png'), fullPage: true });

    await page.selectOption('#approvals-filter', 'EXECUTED');
    await page.locator(`#approvals tr[data-action-id="${first.body.id}"]`).waitFor();
    expect(rt.problems).toEqual([]);
  });
});
