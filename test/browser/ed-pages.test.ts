import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, utcToZonedParts } from '../../shared/kernel/time/zoned-time';
import {
  axeViolations,
  chromiumAvailable,
  eventually,
  useBrowserRuntime,
} from '../support/browser';
import { opdHospital } from '../support/opd';

const TZ = 'Asia/Kolkata';
const rt = useBrowserRuntime();

type Member = { token: string; user: { id: string; name: string } };

async function pageAs(tenantId: string, who: Member, width = 1366): Promise<Page> {
  return rt.pageAs({ ...who, tenantId }, { width });
}

const NO_ESI_2 = {
  lifeSavingIntervention: false,
  highRiskSituation: false,
  newConfusionLethargyOrDisorientation: false,
  severePainOrDistress: false,
};

describe.skipIf(!chromiumAvailable)('the ED board in a real browser', () => {
  it('groups patients by category with colour and words, shows waits against targets and breaches, and refreshes', async () => {
    const h = await opdHospital(rt.url, TZ);
    const [chest, ankle] = [
      await h.patient({ name: 'Asha Board' }),
      await h.patient({ name: 'Vikram Board' }),
    ];
    const arrive = async (patientId: string, complaint: string, minutesAgo: number) => {
      const r = await h.nurse.api.post('/emergency/arrivals', {
        patientId,
        arrivalMode: 'walk-in',
        presentingComplaint: complaint,
        arrivedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.id as string;
    };
    const chestVisit = await arrive(chest.id, 'Chest pain', 5);
    await arrive(ankle.id, 'Twisted ankle', 40);
    const triaged = await h.nurse.api.post(`/emergency/visits/${chestVisit}/triage`, {
      answers: { ...NO_ESI_2, highRiskSituation: true, resources: ['ecg', 'labs'] },
      vitals: {
        pulse: 88,
        respiratoryRate: 16,
        spo2: 98,
        systolic: 130,
        consciousness: 'A',
        temperatureC: 36.8,
        supplementalOxygen: false,
      },
      suspectedInfection: false,
    });
    expect(triaged.status, JSON.stringify(triaged.body)).toBe(200);

    const page = await pageAs(h.tenantId, h.nurse);
    await page.goto(`${rt.url}/ed`);
    await page.waitForSelector('#ed-group-2 tbody tr');
    await page.waitForSelector('#ed-group-none tbody tr');
    // ESI 2 before the untriaged (the server's order), each with its number, name and count.
    await eventually(() =>
      page.$$eval('#ed-groups h3', (hs) => hs.map((x) => x.textContent)),
    ).toEqual(['ESI 2Emergent: 1 patient', 'Not triagedAwaiting triage: 1 patient1 over target']);
    await eventually(() => page.getAttribute('#ed-group-2 .ed-cat', 'class')).toBe(
      'ed-cat ed-cat--2',
    );
    const esi2 = await page.textContent('#ed-group-2 tbody tr');
    expect(esi2).toContain('Asha Board');
    expect(esi2).toContain('Chest pain');
    expect(esi2).toMatch(/\d+ min \(target 10 min\) Within target/);
    expect(esi2).toContain('NEWS2 0');
    expect(esi2).toContain('Not yet seen');
    // Awaiting triage 40 minutes against the 15-minute triage target: a breach, said in words.
    const waiting = await page.textContent('#ed-group-none tbody tr');
    expect(waiting).toContain('Vikram Board');
    expect(waiting).toMatch(/4\d min \(target 15 min\) Over target by 2\d min/);
    await eventually(() => page.textContent('#ed-updated')).toMatch(
      /refreshes by itself every 30 s/i,
    );

    // A doctor sees the first patient; the board's refresh shows who.
    const seen = await h.doctorUser.api.post(`/emergency/visits/${chestVisit}/seen`, {});
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    await page.click('#ed-updated button');
    await page.waitForFunction(
      (name) => document.querySelector('#ed-group-2 tbody tr')?.textContent?.includes(name),
      h.doctorUser.user.name,
    );
    await eventually(() => page.textContent('#ed-group-2 tbody tr')).toMatch(/Seen after \d+ min/);
  });
});

describe.skipIf(!chromiumAvailable)('the triage form in a real browser', () => {
  it('picks a child by name, registers the arrival, triages, and shows the category and the PEWS; the board shows it', async () => {
    const h = await opdHospital(rt.url, TZ);
    const today = utcToZonedParts(new Date(), TZ).date;
    await h.patient({ name: 'Meera Triage', dateOfBirth: addDays(today, -(3 * 365 + 40)) });

    const page = await pageAs(h.tenantId, h.nurse);
    await page.goto(`${rt.url}/ed/triage`);
    await page.fill('#triage-patient-q', 'Meera Triage');
    await page.click('#triage-patient-results button:has-text("Meera Triage")');
    await page.waitForFunction(() =>
      document.querySelector('#triage-visit')?.textContent?.startsWith('Not in the department'),
    );
    // Without a complaint the arrival cannot be registered: said at the field.
    await page.click('#triage-submit');
    await page.waitForFunction(
      () => document.querySelector('#triage-complaint-error')?.textContent !== '',
    );
    await eventually(() => page.textContent('#triage-complaint-error')).toBe(
      'Enter the presenting complaint.',
    );

    await page.fill('#triage-complaint', 'Fever and fast breathing');
    await page.check('input[name="resource"][value="labs"]');
    await page.check('input[name="resource"][value="xray"]');
    await page.fill('#obs-pulse', '170');
    await page.fill('#obs-rr', '71');
    await page.fill('#obs-sbp', '100');
    await page.fill('#obs-spo2', '97');
    await page.check('#triage-infection');
    await page.click('#triage-submit');
    await page.waitForSelector('#triage-score');
    // Two resources with danger-zone vitals for the age: ESI 2 at decision point D.
    await eventually(() => page.textContent('#triage-category')).toBe(
      'ESI 2 Emergent (decision point D)',
    );
    // Bedside PEWS (1–4 years): heart rate 170 → 4, respiratory rate 71 → 4, the rest 0.
    await eventually(() => page.textContent('#triage-score')).toBe(
      'Bedside PEWS 8: urgent review (not recorded: capillaryRefill, respiratoryEffort)',
    );
    await eventually(() => page.textContent('#triage-status')).toContain('Triaged Meera Triage.');
    // The nurse's form with its answer shown, and the board with its groups: no axe violation.
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${rt.url}/ed`);
    await page.waitForSelector('#ed-group-2 tbody tr');
    const row = await page.textContent('#ed-group-2 tbody tr');
    expect(row).toContain('Meera Triage');
    expect(row).toContain('PEWS 8');
    expect(await axeViolations(page)).toEqual([]);
  });
});
