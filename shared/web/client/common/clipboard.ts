/** Copy buttons for values shown once (passwords, tenant ids, API key secrets). */
import { find } from './dom';

/** Copies text; falls back to selecting the element's text so the user can press Ctrl+C. */
export async function copyText(text: string, sourceEl?: Element | null): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall through to the selection fallback */
  }
  if (sourceEl) {
    const range = document.createRange();
    range.selectNodeContents(sourceEl);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    try {
      // Deprecated, but the only copy that works outside a secure context (plain-http intranets).
      if (document.execCommand('copy')) return true;
    } catch {
      /* ignore */
    }
  }
  return false;
}

/** Wires every [data-copy-target] button inside root once; the result is announced in data-copy-status. */
export function wireCopyButtons(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-copy-target]')) {
    if (button.dataset.copyWired) continue;
    button.dataset.copyWired = '1';
    button.addEventListener('click', async () => {
      const target = find(button.getAttribute('data-copy-target') ?? '');
      if (!target) return;
      const ok = await copyText(target.textContent || '', target);
      const statusEl = find(button.getAttribute('data-copy-status') ?? '');
      const label = button.getAttribute('data-copy-label') || 'Value';
      const message = ok
        ? `${label} copied to the clipboard.`
        : `${label} selected. Press Ctrl+C (or Cmd+C) to copy.`;
      if (statusEl) statusEl.textContent = message;
      const original = button.dataset.originalText || button.textContent || '';
      button.dataset.originalText = original;
      button.textContent = ok ? 'Copied' : 'Selected';
      setTimeout(() => {
        button.textContent = original;
      }, 2000);
    });
  }
}
