/**
 * `/admin` — the signed-in workspace: overview, outpatients (appointments + queue), staff and
 * API keys. The page is static markup; its script (shared/web/client/admin.ts) loads data with
 * the session token.
 */
import { allowedRoles } from '../kernel/access';
import { ROLE_GROUPS, ROLE_LABELS, ROLES } from '../kernel/roles';
import { SCOPES } from '../kernel/scopes';
import { agentsSection } from './admin-agents';
import { pharmacySections } from './admin-pharmacy';
import { credentialRow, escapeHtml, ICONS } from './layout';

/**
 * Who may check in, mark a no-show or cancel from the outpatients table: the roles of
 * `appointments.setStatus` (frontDesk, ADMIN implied). The page shows the buttons to them only.
 */
const FRONT_DESK_ROLES = allowedRoles({ roles: ROLE_GROUPS.frontDesk });

/** The scope catalogue shape (scope name → description), e.g. `SCOPES` from shared/auth/scopes. */
export type ScopeCatalogue = Readonly<Record<string, string>> | typeof SCOPES;

const SCOPE_GROUP_LABELS: Readonly<Record<string, string>> = {
  tenant: 'Hospital',
  users: 'Staff',
  patients: 'Patients',
  doctors: 'Doctors & departments',
  appointments: 'Appointments',
  encounters: 'Encounters',
  beds: 'Wards & beds',
  admissions: 'Inpatient',
  pharmacy: 'Pharmacy',
  billing: 'Billing',
  lab: 'Laboratory',
  radiology: 'Radiology',
  agents: 'AI agents',
};

function scopeGroupLabel(prefix: string): string {
  return SCOPE_GROUP_LABELS[prefix] ?? prefix.charAt(0).toUpperCase() + prefix.slice(1);
}

/** Groups scopes by resource prefix (the part before the first ':'), keeping catalogue order. */
export function groupScopes(
  scopes: ScopeCatalogue,
): Array<{ prefix: string; label: string; scopes: Array<[string, string]> }> {
  const groups = new Map<string, Array<[string, string]>>();
  for (const [name, description] of Object.entries(scopes as Record<string, string>)) {
    const prefix = name.split(':')[0] || name;
    const list = groups.get(prefix) ?? [];
    list.push([name, description]);
    groups.set(prefix, list);
  }
  return [...groups].map(([prefix, list]) => ({
    prefix,
    label: scopeGroupLabel(prefix),
    scopes: list,
  }));
}

function renderScopeCheckboxes(scopes: ScopeCatalogue): string {
  let index = 0;
  return groupScopes(scopes)
    .map((group) => {
      const items = group.scopes
        .map(([name, description]) => {
          const id = `scope-${index++}`;
          return `<label class="checkbox" for="${id}">
              <input type="checkbox" id="${id}" name="scope" value="${escapeHtml(name)}">
              <span class="checkbox__text"><span>${escapeHtml(description)}</span><code>${escapeHtml(name)}</code></span>
            </label>`;
        })
        .join('\n            ');
      return `<fieldset class="scope-group" data-scope-group="${escapeHtml(group.prefix)}">
            <legend>${escapeHtml(group.label)}</legend>
            ${items}
          </fieldset>`;
    })
    .join('\n          ');
}

function roleOptions(): string {
  return ROLES.map(
    (role) =>
      `<option value="${role}"${role === 'DOCTOR' ? ' selected' : ''}>${escapeHtml(ROLE_LABELS[role])}</option>`,
  ).join('');
}

function overviewSection(): string {
  return `<section id="overview-section" class="app-section" aria-labelledby="overview-title" hidden>
      <div class="content-head">
        <div>
          <h1 id="overview-title" tabindex="-1">Overview</h1>
          <p id="overview-welcome">Welcome to your hospital workspace.</p>
        </div>
      </div>
      <div id="trial-banner" class="alert alert-info" role="status" hidden>${ICONS.info}<p id="trial-banner-text"></p></div>
      <div class="stats mt-1">
        <div class="card stat">
          <div class="stat__label" id="stat-users-label">Staff users</div>
          <div class="stat__value" id="stat-users" aria-describedby="stat-users-label">—</div>
          <div class="stat__foot" id="stat-users-foot">Loading…</div>
        </div>
        <div class="card stat">
          <div class="stat__label" id="stat-doctors-label">Doctors</div>
          <div class="stat__value" id="stat-doctors" aria-describedby="stat-doctors-label">—</div>
          <div class="stat__foot" id="stat-doctors-foot">Loading…</div>
        </div>
        <div class="card stat">
          <div class="stat__label" id="stat-api-keys-label">Active API keys</div>
          <div class="stat__value" id="stat-api-keys" aria-describedby="stat-api-keys-label">—</div>
          <div class="stat__foot" id="stat-api-keys-foot">Loading…</div>
        </div>
      </div>
      <div class="card mt-1" id="monitor-panel" hidden>
        <div class="card__header"><h2 id="monitor-title">System monitor</h2><span class="badge badge-neutral" id="monitor-badge">—</span></div>
        <div class="card__body">
          <p id="monitor-status" role="status">Loading…</p>
          <ul id="monitor-items" class="monitor-items" aria-labelledby="monitor-title"></ul>
        </div>
      </div>
      <div class="card mt-1" id="outbox-panel" hidden>
        <div class="card__header"><h2 id="outbox-title">Outbox and deliveries</h2><span class="badge badge-neutral" id="outbox-badge">—</span></div>
        <div class="card__body">
          <ul id="outbox-items" class="monitor-items" aria-labelledby="outbox-title"></ul>
          <div id="outbox-messages-block" hidden>
            <h3 id="outbox-messages-title">Latest messages</h3>
            <div class="table-wrap" role="region" aria-labelledby="outbox-messages-title" tabindex="0">
              <table class="table" id="outbox-messages">
                <thead><tr><th scope="col">When</th><th scope="col">Kind</th><th scope="col">Channel</th><th scope="col">To</th><th scope="col">Status</th><th scope="col">Reason</th></tr></thead>
                <tbody></tbody>
              </table>
            </div>
          </div>
          <div id="outbox-webhooks-block" hidden>
            <h3 id="outbox-webhooks-title">Failed webhook deliveries</h3>
            <p id="outbox-webhooks-summary"></p>
            <div class="table-wrap" role="region" aria-labelledby="outbox-webhooks-title" tabindex="0">
              <table class="table" id="outbox-webhooks">
                <thead><tr><th scope="col">Event</th><th scope="col">Receiver</th><th scope="col">Attempts</th><th scope="col">Last error</th><th scope="col">Next</th></tr></thead>
                <tbody></tbody>
              </table>
            </div>
          </div>
        </div>
      </div>
      <div class="grid-2">
        <div class="card">
          <div class="card__header"><h2>Hospital profile</h2><span class="badge badge-neutral" id="profile-status-badge" hidden></span></div>
          <div class="card__body">
            <dl class="dl">
              <dt>Hospital</dt><dd id="profile-name">—</dd>
              <dt>Slug</dt><dd><code id="profile-slug">—</code></dd>
              <dt>Tenant ID</dt><dd><code id="profile-id">—</code></dd>
              <dt>Timezone</dt><dd id="profile-timezone">—</dd>
              <dt>Trial</dt><dd id="profile-trial">—</dd>
              <dt>Created</dt><dd id="profile-created">—</dd>
            </dl>
          </div>
        </div>
        <div class="card">
          <div class="card__header"><h2>Quick links</h2></div>
          <div class="card__body">
            <ul class="quick-links">
              <li><a href="#/opd">Today's appointments &amp; queue</a></li>
              <li><a href="#/users">Add a staff member</a></li>
              <li><a href="#/automation/api-keys">Create an API key</a></li>
            </ul>
          </div>
        </div>
      </div>
    </section>`;
}

function opdSection(): string {
  return `<section id="opd-section" class="app-section" aria-labelledby="opd-title" hidden>
      <div class="content-head">
        <div>
          <h1 id="opd-title" tabindex="-1">Outpatients</h1>
          <p>Appointments and the live queue for one doctor. Times are shown in <span id="opd-tz">the hospital timezone</span>.</p>
        </div>
      </div>
      <div class="card">
        <div class="card__body">
          <div class="toolbar">
            <div class="field field--grow">
              <label for="opd-doctor">Doctor</label>
              <select id="opd-doctor" name="doctor"><option value="">Loading doctors…</option></select>
            </div>
            <div class="field">
              <label for="opd-date">Date</label>
              <input type="date" id="opd-date" name="date">
            </div>
            <button type="button" class="btn btn-secondary" id="opd-refresh">Refresh</button>
          </div>
          <div id="opd-status" class="status-region" aria-live="polite" tabindex="-1"></div>
        </div>
      </div>
      <div id="opd-no-doctors" class="alert alert-info mt-1" hidden>
        ${ICONS.info}
        <p>No doctors have been set up for this hospital yet. Add departments and doctors through the API
        (<code>POST /departments</code>, then <code>POST /doctors</code>) (the routes are listed in <code>docs/routes.md</code>) and refresh this page.</p>
      </div>
      <div id="opd-content">
        <div class="card mt-1">
          <div class="card__header">
            <h2 id="opd-appointments-title">Appointments</h2>
            <div class="summary-pills" id="opd-appointments-summary" aria-live="polite"></div>
          </div>
          <div class="table-wrap">
            <table class="table table--stack" id="opd-appointments" data-sortable data-search-label="Search appointments" aria-labelledby="opd-appointments-title" data-action-roles="${FRONT_DESK_ROLES.join(' ')}">
              <thead><tr><th scope="col">Time</th><th scope="col">Token</th><th scope="col">Patient</th><th scope="col">MRN</th><th scope="col">Reason</th><th scope="col">Priority</th><th scope="col">Status</th><th scope="col">Actions</th></tr></thead>
              <tbody id="opd-appointments-body"><tr><td class="empty" colspan="8">Select a doctor to see appointments.</td></tr></tbody>
            </table>
          </div>
        </div>
        <div class="card">
          <div class="card__header">
            <h2 id="opd-queue-title">Live queue</h2>
            <span class="updated" id="opd-queue-updated" aria-live="off"></span>
          </div>
          <div class="table-wrap">
            <table class="table table--stack" id="opd-queue" data-sortable data-search-label="Search the queue" aria-labelledby="opd-queue-title">
              <thead><tr><th scope="col">Token</th><th scope="col">Patient</th><th scope="col">MRN</th><th scope="col">Priority</th><th scope="col">Status</th><th scope="col">Checked in</th><th scope="col">Est. wait</th></tr></thead>
              <tbody id="opd-queue-body"><tr><td class="empty" colspan="7">Select a doctor to see the queue.</td></tr></tbody>
            </table>
          </div>
        </div>
      </div>
    </section>`;
}

/** Agent actions (HITL): proposals awaiting a decision, and what became of the decided ones. */
function approvalsSection(): string {
  return `<section id="approvals-section" class="app-section" aria-labelledby="approvals-title" hidden>
      <div class="content-head">
        <div>
          <h1 id="approvals-title" tabindex="-1">Approvals</h1>
          <p>Changes proposed by AI agents. Nothing happens to a patient until a person whose role may make the change approves it; approved changes are then carried out and their result shown here.</p>
        </div>
      </div>
      <div class="card">
        <div class="card__body">
          <div class="toolbar">
            <div class="field">
              <label for="approvals-filter">Show</label>
              <select id="approvals-filter" name="status">
                <option value="PENDING">Awaiting a decision</option>
                <option value="EXECUTED">Carried out</option>
                <option value="FAILED">Failed</option>
                <option value="">All</option>
              </select>
            </div>
            <button type="button" class="btn btn-secondary" id="approvals-refresh">Refresh</button>
          </div>
          <div id="approvals-status" class="status-region" aria-live="polite"></div>
        </div>
      </div>
      <div class="card mt-1">
        <div class="table-wrap">
          <table class="table table--stack" id="approvals" data-sortable data-search-label="Search approvals" aria-labelledby="approvals-title">
            <thead><tr><th scope="col">Risk</th><th scope="col">Patient</th><th scope="col">Proposed change</th><th scope="col">Agent's rationale</th><th scope="col">Status</th><th scope="col">Decision</th></tr></thead>
            <tbody id="approvals-body"><tr><td class="empty" colspan="6">Loading…</td></tr></tbody>
          </table>
        </div>
      </div>
    </section>`;
}

function usersSection(): string {
  return `<section id="users-section" class="app-section" aria-labelledby="users-title" hidden>
      <div class="content-head">
        <div>
          <h1 id="users-title" tabindex="-1">Staff</h1>
          <p>People who can sign in to this hospital workspace, and what they are allowed to do.</p>
        </div>
      </div>
      <div id="users-notice" class="alert alert-info" hidden>${ICONS.info}<p>Only administrators can add staff, change roles or deactivate accounts.</p></div>
      <div id="user-credentials" class="card" hidden tabindex="-1" aria-labelledby="user-credentials-title">
        <div class="card__body">
          <div class="success-head">
            <span class="success-icon">${ICONS.check}</span>
            <div><h2 id="user-credentials-title">Staff account created</h2><p class="muted" id="user-credentials-lead">Share these sign-in details securely.</p></div>
          </div>
          <div class="alert alert-warning" role="note">${ICONS.warning}<p><strong>This password is shown only once.</strong> Copy it now and share it through a secure channel.</p></div>
          <div class="cred-list mt-1">
            ${credentialRow({ id: 'user-cred-email', label: 'Email', statusId: 'user-cred-copy-status' })}
            ${credentialRow({ id: 'user-cred-password', label: 'Password', statusId: 'user-cred-copy-status' })}
          </div>
          <p id="user-cred-copy-status" class="hint" aria-live="polite"></p>
          <div class="form-actions"><button type="button" class="btn btn-primary" id="user-cred-dismiss">Done</button></div>
        </div>
      </div>
      <div class="card" id="user-create-card">
        <div class="card__header"><h2>Add a staff member</h2></div>
        <div class="card__body">
          <form id="user-form" novalidate>
            <div class="form-grid form-grid--2">
              <div class="field">
                <label for="user-name">Full name</label>
                <input type="text" id="user-name" name="name" autocomplete="off" required maxlength="120" aria-describedby="user-name-error">
                <p class="field-error" id="user-name-error" aria-live="polite"></p>
              </div>
              <div class="field">
                <label for="user-email">Email</label>
                <input type="email" id="user-email" name="email" autocomplete="off" required maxlength="254" aria-describedby="user-email-error">
                <p class="field-error" id="user-email-error" aria-live="polite"></p>
              </div>
              <div class="field">
                <label for="user-role">Role</label>
                <select id="user-role" name="role">${roleOptions()}</select>
              </div>
              <div class="field">
                <label for="user-password">Password <span class="optional">(optional)</span></label>
                <input type="password" id="user-password" name="password" autocomplete="new-password" minlength="12" aria-describedby="user-password-hint user-password-error">
                <p class="hint" id="user-password-hint">Leave blank to generate a strong one (min. 12 characters).</p>
                <p class="field-error" id="user-password-error" aria-live="polite"></p>
              </div>
            </div>
            <div id="user-form-error" class="status-region" role="alert" aria-live="assertive"></div>
            <div class="form-actions"><button type="submit" class="btn btn-primary" id="user-submit">Add staff member</button></div>
          </form>
        </div>
      </div>
      <div class="card">
        <div class="card__header"><h2 id="users-table-title">Staff users</h2><span class="muted small" id="users-count" aria-live="polite"></span></div>
        <div id="users-status" class="status-region card__status" aria-live="polite"></div>
        <div class="table-wrap">
          <table class="table table--stack" id="users-table" data-sortable data-search-label="Search staff" aria-labelledby="users-table-title">
            <thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody id="users-tbody"></tbody>
          </table>
        </div>
      </div>
    </section>`;
}

function apiKeysSection(scopes: ScopeCatalogue): string {
  return `<section id="api-keys-section" class="app-section" aria-labelledby="api-keys-title" hidden>
      <div class="content-head">
        <div>
          <h1 id="api-keys-title" tabindex="-1">API Keys</h1>
          <p>Keys let integrations and AI agents call the API for this hospital. Each key can do only what its scopes allow.</p>
        </div>
      </div>
      <div id="api-keys-notice" class="alert alert-info" hidden>${ICONS.info}<p>Only hospital administrators can manage API keys. Ask an administrator if an integration needs access.</p></div>
      <div id="api-keys-admin">
        <div id="api-key-secret" class="card" hidden tabindex="-1" aria-labelledby="api-key-secret-title">
          <div class="card__body">
            <div class="success-head">
              <span class="success-icon">${ICONS.key}</span>
              <div><h2 id="api-key-secret-title">Your new API key secret</h2><p class="muted" id="api-key-secret-lead"></p></div>
            </div>
            <div class="alert alert-warning" role="note">${ICONS.warning}<p id="api-key-secret-warning"><strong>This secret is shown only once. Store it in your secret manager now.</strong></p></div>
            <div class="secret-box mt-1">
              <code class="secret-value" id="api-key-secret-value" aria-label="API key secret"></code>
              <button type="button" class="btn btn-primary" id="api-key-copy">Copy secret</button>
            </div>
            <p id="api-key-copy-status" class="hint" aria-live="polite"></p>
            <div class="form-actions"><button type="button" class="btn btn-secondary" id="api-key-secret-dismiss">I've stored it</button></div>
          </div>
        </div>
        <div class="card">
          <div class="card__header"><h2>Create an API key</h2></div>
          <div class="card__body">
            <form id="api-key-form" novalidate>
              <div class="field">
                <label for="api-key-name">Key name</label>
                <input type="text" id="api-key-name" name="name" autocomplete="off" required maxlength="100" aria-describedby="api-key-name-hint api-key-name-error">
                <p class="hint" id="api-key-name-hint">A label you'll recognise later, such as “Reception kiosk” or “Billing sync”.</p>
                <p class="field-error" id="api-key-name-error" aria-live="polite"></p>
              </div>
              <fieldset class="mt-1" id="api-key-scopes" aria-describedby="api-key-scopes-hint api-key-scopes-error">
                <legend>Scopes</legend>
                <p class="hint" id="api-key-scopes-hint">Grant only what the integration needs.</p>
                <div class="scope-groups mt-1">
          ${renderScopeCheckboxes(scopes)}
                </div>
                <p class="field-error mt-1" id="api-key-scopes-error" aria-live="polite"></p>
              </fieldset>
              <div id="api-key-form-error" class="status-region" role="alert" aria-live="assertive"></div>
              <div class="form-actions"><button type="submit" class="btn btn-primary" id="api-key-submit">Create API key</button></div>
            </form>
          </div>
        </div>
        <div class="card">
          <div class="card__header"><h2 id="api-keys-table-title">Keys</h2><span class="muted small" id="api-keys-count" aria-live="polite"></span></div>
          <div id="api-keys-status" class="status-region card__status" aria-live="polite"></div>
          <div class="table-wrap">
            <table class="table table--stack" id="api-keys-table" aria-labelledby="api-keys-table-title">
              <thead><tr><th scope="col">Name / key</th><th scope="col">Scopes</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
              <tbody id="api-keys-tbody"></tbody>
            </table>
          </div>
        </div>
      </div>
    </section>`;
}

/** The dashboard's markup for a scope catalogue (the shell gives it the header and the nav). */
export function renderAdmin(opts: { scopes: ScopeCatalogue }): string {
  return `<main id="main" class="content" tabindex="-1">
    <div id="app-status" class="status-region" aria-live="polite"></div>
    ${overviewSection()}
    ${opdSection()}
    ${pharmacySections()}
    ${approvalsSection()}
    ${usersSection()}
    ${apiKeysSection(opts.scopes)}
    ${agentsSection()}
  </main>`;
}

/** The page body: the dashboard over the scope catalogue. */
export function render(): string {
  return renderAdmin({ scopes: SCOPES });
}
