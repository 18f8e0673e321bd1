import { describe, expect, it } from 'vitest';
import { chromiumAvailable, eventually, useBrowserRuntime } from '../support/browser';
import { claimsHospital } from '../support/claims';

// The billing health check panel (/billing-health) in Chromium: an accountant signs in, the page
// runs the check and lists the finding with its evidence; a remittance allocated in full (through
// the API) and "Run the check" again leaves nothing to fix. No CSP violation on the way.

const TZ = 'Asia/Kolkata';
const rt = useBrowserRuntime({ nineAmIn: TZ });

describe.skipIf(!chromiumAvailable)('the billing health check panel in a real browser', () => {
  it('an accountant sees the unallocated remittance with its id, then nothing once it is allocated', async () => {
    const h = await claimsHospital(rt.url, TZ);
    const { claim } = await h.approvedClaim(['LFT']); // approved ₹90
    const remittance = await h.remittance(9000);
    const email = `acct-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const accountant = await h.admin.post('/users', {
      name: 'Anu Accountant',
      email,
      role: 'ACCOUNTANT',
    });

    const page = await rt.signedIn({ email, password: accountant.body.credentials.password });

    await page.goto(`${rt.url}/billing-health`);
    const row = page.locator('#health-findings tr[data-kind="unallocated-payments"]');
    await row.waitFor();
    await eventually(() => row.textContent()).toContain(remittance.id);
    await eventually(() => row.textContent()).toContain('90.00');
    await eventually(() => page.locator('#health-findings tbody tr').count()).toBe(1);

    const allocated = await h.desk.api.post(`/claims/remittances/${remittance.id}/allocations`, {
      claimId: claim.id,
      amount: 9000,
    });
    expect(allocated.status).toBe(201);
    await page.click('#health-run');
    await page.waitForFunction(() =>
      document.querySelector('#health-summary')?.textContent?.startsWith('Nothing to fix'),
    );
    await eventually(() => page.locator('#health-findings tbody tr').count()).toBe(0);
  }, 60_000);
});
