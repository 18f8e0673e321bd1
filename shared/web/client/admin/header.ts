/** The header (hospital, trial chip, signed-in user, sign-out) and the Overview's hospital profile. */
import { $ } from '../common/dom';
import { formatDate } from '../common/format';
import { url } from '../common/http';
import { clearSession, setFlash } from '../common/storage';
import type { AdminApp } from './state';
import { humanize, trialInfo } from './ui';

export interface Header {
  /** Shows the signed-in user and what their role may do; runs again when /auth/me answers. */
  renderIdentity(): void;
  /** Shows the hospital once /tenants/current has answered. */
  renderTenant(): void;
}

export function header({
  state,
  isAdmin,
  roleLabel,
}: Pick<AdminApp, 'state' | 'isAdmin' | 'roleLabel'>): Header {
  // Sections an administrator manages show a notice instead for other roles.
  function applyRole() {
    const admin = isAdmin();
    $('api-keys-notice').hidden = admin;
    $('api-keys-admin').hidden = !admin;
    $('users-notice').hidden = admin;
    $('user-create-card').hidden = !admin;
  }

  function renderIdentity() {
    const me = state.me ?? {};
    $('current-user-name').textContent = me.name || me.email || '';
    $('current-user-role').textContent = me.role ? roleLabel(me.role) : '';
    const initials = String(me.name || me.email || '?')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w.charAt(0).toUpperCase())
      .join('');
    $('current-user-avatar').textContent = initials;
    const first = String(me.name || '').split(/\s+/)[0];
    if (first)
      $('overview-welcome').textContent =
        `Welcome back, ${first}. Here is how your workspace looks today.`;
    applyRole();
  }

  function renderTenant() {
    const t = state.tenant;
    if (!t) return;
    $('tenant-name').textContent = t.name || t.slug || '';
    const trial = trialInfo(t, state.tz);
    const chip = $('trial-status');
    chip.hidden = false;
    if (trial) {
      chip.textContent = trial.text;
      chip.className = `badge trial-chip ${trial.ended ? 'badge-danger' : trial.daysLeft <= 7 ? 'badge-warning' : 'badge-brand'}`;
    } else {
      chip.textContent = humanize(t.status || 'active');
      chip.className = 'badge trial-chip badge-success';
    }

    $('profile-name').textContent = t.name || '—';
    $('profile-slug').textContent = t.slug || '—';
    $('profile-id').textContent = t.id || '—';
    $('profile-timezone').textContent = t.timezone || '—';
    $('profile-created').textContent = t.createdAt ? formatDate(t.createdAt, state.tz) : '—';
    $('profile-trial').textContent = trial
      ? trial.ended
        ? `Ended ${trial.date}`
        : `Ends ${trial.date}`
      : 'Not on a trial';
    const statusBadgeEl = $('profile-status-badge');
    statusBadgeEl.hidden = !t.status;
    statusBadgeEl.textContent = humanize(t.status);
    statusBadgeEl.className = `badge ${t.status === 'suspended' ? 'badge-danger' : 'badge-success'}`;

    const banner = $('trial-banner');
    if (trial) {
      banner.hidden = false;
      banner.className = `alert ${trial.ended ? 'alert-warning' : 'alert-info'}`;
      $('trial-banner-text').textContent = trial.ended
        ? `Your free trial ended on ${trial.date}. Contact your account manager to keep full access.`
        : `You are on a free trial: ${trial.daysLeft}${trial.daysLeft === 1 ? ' day' : ' days'} left (ends ${trial.date}).`;
    } else {
      banner.hidden = true;
    }
  }

  $('sign-out').addEventListener('click', () => {
    state.redirecting = true;
    clearSession();
    setFlash('You have signed out.');
    window.location.replace(url('/login'));
  });

  return { renderIdentity, renderTenant };
}
