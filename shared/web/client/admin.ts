/**
 * `/admin`: the signed-in workspace. Without a valid stored session it goes to the sign-in page;
 * otherwise it loads who is signed in and the hospital, wires each section (./admin/) and shows
 * the one the URL hash names.
 */

import { agentsSection, describeScopeTools } from './admin/agents';
import { sessionApi, showError } from './admin/api';
import { apiKeysSection } from './admin/api-keys';
import { approvalsSection } from './admin/approvals';
import { header } from './admin/header';
import { outpatientsSection } from './admin/outpatients';
import { overviewSection } from './admin/overview';
import {
  pharmacyDispenseSection,
  pharmacyExpirySection,
  pharmacyStockSection,
} from './admin/pharmacy';
import { router, type View } from './admin/router';
import { staffSection } from './admin/staff';
import type { AdminApp, AdminState, ViewName } from './admin/state';
import type { Me, Tenant } from './admin/types';
import { humanize, readRoleLabels } from './admin/ui';
import { $ } from './common/dom';
import { validTimeZone } from './common/format';
import { url } from './common/http';
import { clearSession, readSession, type StoredSession } from './common/storage';

function start(session: StoredSession): void {
  const state: AdminState = {
    me: session.user || null,
    tenant: null,
    tz: undefined,
    current: null,
    redirecting: false,
  };
  const { api } = sessionApi(session, state);
  const roleLabels = readRoleLabels($<HTMLSelectElement>('user-role'));

  const isAdmin = () => state.me?.role === 'ADMIN';
  const roleLabel = (role: string | undefined) => (role && roleLabels[role]) || humanize(role);
  const top = header({ state, isAdmin, roleLabel });

  const meReady = api<Me>('GET', '/auth/me')
    .then((me) => {
      if (me) {
        state.me = me;
        top.renderIdentity();
      }
    })
    .catch((err) => showError($('app-status'), err));

  const tenantReady = api<Tenant>('GET', '/tenants/current')
    .then((tenant) => {
      state.tenant = tenant;
      state.tz = tenant && validTimeZone(tenant.timezone) ? tenant.timezone : undefined;
      top.renderTenant();
    })
    .catch((err) => {
      $('tenant-name').textContent = 'Hospital workspace';
      showError($('app-status'), err);
    });

  top.renderIdentity();

  const app: AdminApp = { state, api, tenantReady, isAdmin, roleLabel, roleLabels };
  const views: Record<ViewName, View> = {
    overview: {
      section: 'overview-section',
      nav: 'nav-overview',
      title: 'Overview',
      heading: 'overview-title',
      ...overviewSection(app),
    },
    opd: {
      section: 'opd-section',
      nav: 'nav-opd',
      title: 'Outpatients',
      heading: 'opd-title',
      ...outpatientsSection(app),
    },
    'pharmacy-stock': {
      section: 'pharmacy-stock-section',
      nav: 'nav-pharmacy-stock',
      title: 'Pharmacy stock',
      heading: 'pharmacy-stock-title',
      ...pharmacyStockSection(app),
    },
    'pharmacy-expiry': {
      section: 'pharmacy-expiry-section',
      nav: 'nav-pharmacy-expiry',
      title: 'Expiry scan',
      heading: 'pharmacy-expiry-title',
      ...pharmacyExpirySection(app),
    },
    'pharmacy-dispense': {
      section: 'pharmacy-dispense-section',
      nav: 'nav-pharmacy-dispense',
      title: 'Dispensing',
      heading: 'pharmacy-dispense-title',
      ...pharmacyDispenseSection(app),
    },
    approvals: {
      section: 'approvals-section',
      nav: 'nav-approvals',
      title: 'Approvals',
      heading: 'approvals-title',
      ...approvalsSection(app),
    },
    users: {
      section: 'users-section',
      nav: 'nav-users',
      title: 'Staff',
      heading: 'users-title',
      ...staffSection(app),
    },
    'api-keys': {
      section: 'api-keys-section',
      nav: 'nav-api-keys',
      title: 'API Keys',
      heading: 'api-keys-title',
      ...apiKeysSection(app),
    },
    agents: {
      section: 'agents-section',
      nav: 'nav-agents',
      title: 'Agents',
      heading: 'agents-title',
      ...agentsSection(app),
    },
  };
  void describeScopeTools();
  const route = router(views, state);
  window.addEventListener('hashchange', () => route(false));

  const initialRole = state.me?.role;
  route(true);
  // Role-dependent views re-render if /auth/me reports a different role than the stored session.
  meReady.then(() => {
    if (!state.me || state.me.role === initialRole) return;
    if (state.current) views[state.current].load();
  });
}

const session = readSession();
if (session) start(session);
else {
  clearSession();
  window.location.replace(url('/login'));
}
