import { describe, it } from 'vitest';
import { systemClock } from '../../shared/kernel/clock';
import { todayIn } from '../../shared/kernel/time/zoned-time';
import { chromiumAvailable, eventually, useBrowserRuntime } from '../support/browser';
import { pharmacyHospital } from '../support/pharmacy';

// The system monitor panel of the /admin overview in Chromium: a manager sees the low-stock item
// needing attention with its count and the others OK; a receptionist, whom the route refuses,
// never sees the panel. No CSP violation on the way.

const TZ = 'Asia/Kolkata';
const rt = useBrowserRuntime({ nineAmIn: TZ });

describe.skipIf(!chromiumAvailable)('the system monitor panel in a real browser', () => {
  it('a manager sees low stock needing attention; a receptionist sees no panel', async () => {
    const h = await pharmacyHospital(rt.url, TZ);
    const low = await h.item({ reorderLevel: 20 });
    await h.receive(todayIn(TZ, systemClock.now()), [
      { itemId: low.id, batchNumber: 'P-1', days: 300, quantity: 5, unitCost: 100 },
    ]);
    const user = async (role: string) => {
      const email = `${role.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
      const r = await h.admin.post('/users', { name: `${role} User`, email, role });
      return { email, password: r.body.credentials.password as string };
    };

    const manager = await user('MANAGER');
    const page = await rt.signedIn(manager);
    await page.goto(`${rt.url}/admin#/overview`);
    const lowRow = page.locator('#monitor-items li[data-key="low-stock"]');
    await lowRow.waitFor();
    await eventually(() => lowRow.getAttribute('data-status')).toBe('attention');
    await eventually(() => lowRow.locator('.monitor-item__count').textContent()).toBe('1');
    await eventually(() => page.locator('#monitor-badge').textContent()).toBe('1 need attention');
    await eventually(() => page.locator('#monitor-items li[data-status="ok"]').count()).toBe(14);
    await eventually(() => page.locator('#monitor-items li').first().getAttribute('data-key')).toBe(
      'low-stock',
    );

    const desk = await user('RECEPTIONIST');
    const other = await rt.signedIn(desk);
    await other.goto(`${rt.url}/admin#/overview`);
    await other.locator('#stat-doctors-foot:not(:text("Loading…"))').waitFor();
    await other.waitForLoadState('networkidle');
    await eventually(() => other.locator('#monitor-panel').isHidden()).toBe(true);
  }, 120_000);
});
