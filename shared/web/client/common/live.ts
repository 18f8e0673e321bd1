/**
 * Live lists: a page's refresh runs every `everyMs` while the page is visible, and a line under
 * the list says when it was last updated, with a Refresh button. A refresh waits while the user
 * is working inside the page (focus in a form field or a table), so nothing moves under them.
 */
import { $, clear, h } from './dom';

function timeNow(): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date());
}

function busy(): boolean {
  const el = document.activeElement;
  return !!el && el !== document.body && !!el.closest('main form, main table, main select');
}

/** Starts refreshing; `slotId` names the element that shows the time and the Refresh button. */
export function live(refresh: () => Promise<unknown>, slotId: string, everyMs = 20_000): void {
  const slot = $(slotId);
  const stamp = h('span', { className: 'updated' });
  const button = h('button', { type: 'button', className: 'btn btn-secondary btn-sm' }, [
    'Refresh',
  ]);
  clear(slot);
  slot.append(stamp, ' ', button);
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await refresh();
      stamp.textContent = `Updated ${timeNow()}; refreshes by itself every ${Math.round(everyMs / 1000)} s.`;
    } catch {
      stamp.textContent = `Could not refresh at ${timeNow()}; it will try again.`;
    } finally {
      running = false;
    }
  };
  button.addEventListener('click', () => void run());
  stamp.textContent = `Refreshes by itself every ${Math.round(everyMs / 1000)} s.`;
  window.setInterval(() => {
    if (document.visibilityState === 'visible' && !busy()) void run();
  }, everyMs);
}
