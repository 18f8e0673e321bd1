/** Staff section: list, create (password shown once), change role and (de)activate users. */
import { wireCopyButtons } from '../common/clipboard';
import { $, clear, h, setStatus } from '../common/dom';
import { formatDate } from '../common/format';
import {
  emailProblem,
  type Field,
  fieldError,
  optionalPasswordProblem,
  setBusy,
} from '../common/forms';
import { asApiError, showError } from './api';
import type { AdminApp, Section } from './state';
import type { CreatedStaffUser, Page, StaffUser } from './types';
import { badge, labelCells, messageRow } from './ui';

/** The body of PATCH /users/{id}: one change at a time from this page. */
type UserPatch = { role: string } | { active: boolean };

export function staffSection({ api, state, isAdmin, roleLabel, roleLabels }: AdminApp): Section {
  const usersStatus = $('users-status');
  const tbody = $<HTMLTableSectionElement>('users-tbody');

  async function load() {
    if (!tbody.firstChild) messageRow(tbody, 6, 'Loading staff…', true);
    let list: Page<StaffUser> | null;
    try {
      list = await api<Page<StaffUser>>('GET', '/users?limit=100');
    } catch (err) {
      const e = asApiError(err);
      if (e.silent) return;
      messageRow(tbody, 6, `Could not load staff: ${e.message}`);
      return;
    }
    const items = list?.items ?? [];
    $('users-count').textContent =
      items.length + (list?.nextCursor ? '+' : '') + (items.length === 1 ? ' person' : ' people');
    if (!items.length) {
      messageRow(tbody, 6, 'No staff users yet.');
      return;
    }
    clear(tbody);
    items.forEach((user, index) => {
      tbody.appendChild(userRow(user, index));
    });
    labelCells(tbody);
  }

  function userRow(user: StaffUser, index: number): HTMLTableRowElement {
    const self = state.me?.id === user.id;
    const nameId = `user-row-name-${index}`;
    const roleCell = h('td');
    if (isAdmin() && !self) {
      const select = h('select', {
        'aria-label': `Role for ${user.name || user.email}`,
        className: 'user-role-select',
      });
      for (const [role, label] of Object.entries(roleLabels)) {
        const opt = h('option', { value: role, text: label });
        if (role === user.role) opt.selected = true;
        select.appendChild(opt);
      }
      const save = h('button', {
        type: 'button',
        className: 'btn btn-secondary btn-sm user-role-save',
        'aria-describedby': nameId,
        text: 'Save role',
      });
      save.disabled = true;
      select.addEventListener('change', () => {
        save.disabled = select.value === user.role;
      });
      save.addEventListener('click', () => updateUser(user, { role: select.value }, save));
      roleCell.appendChild(h('div', { className: 'btn-row' }, [select, save]));
    } else {
      roleCell.textContent = roleLabel(user.role);
    }

    const actions = h('td', { className: 'actions' });
    if (isAdmin() && !self) {
      const toggle = h('button', {
        type: 'button',
        className: `btn btn-sm user-toggle-active ${user.active ? 'btn-danger' : 'btn-secondary'}`,
        'aria-describedby': nameId,
        text: user.active ? 'Deactivate' : 'Activate',
      });
      toggle.addEventListener('click', () => {
        if (
          user.active &&
          !window.confirm(
            `Deactivate ${user.name || user.email}? They will no longer be able to sign in.`,
          )
        )
          return;
        updateUser(user, { active: !user.active }, toggle);
      });
      actions.appendChild(toggle);
    } else if (self) {
      actions.appendChild(h('span', { className: 'muted small', text: 'This is you' }));
    }

    return h('tr', { dataset: { userId: user.id } }, [
      h('td', { className: 'cell-main', id: nameId, text: user.name || '' }),
      h('td', { text: user.email || '' }),
      roleCell,
      h('td', null, [user.active ? badge('Active', 'success') : badge('Inactive', 'neutral')]),
      h('td', { className: 'nowrap', text: formatDate(user.createdAt, state.tz) }),
      actions,
    ]);
  }

  async function updateUser(user: StaffUser, patch: UserPatch, button: HTMLButtonElement) {
    setBusy(button, true, 'Saving…');
    try {
      await api('PATCH', `/users/${encodeURIComponent(user.id)}`, patch);
    } catch (err) {
      setBusy(button, false);
      showError(usersStatus, err);
      return;
    }
    const who = user.name || user.email;
    const message =
      'role' in patch
        ? `${who} is now ${roleLabel(patch.role)}.`
        : who + (patch.active ? ' was activated.' : ' was deactivated.');
    setStatus(usersStatus, message, 'success');
    load();
  }

  const userForm = $<HTMLFormElement>('user-form');
  const userName = $<HTMLInputElement>('user-name');
  const userEmail = $<HTMLInputElement>('user-email');
  const userRole = $<HTMLSelectElement>('user-role');
  const userPassword = $<HTMLInputElement>('user-password');
  const userSubmit = $<HTMLButtonElement>('user-submit');
  const userFormError = $('user-form-error');

  for (const input of [userName, userEmail, userPassword]) {
    input.addEventListener('input', () => fieldError(input, ''));
  }

  userForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    setStatus(userFormError, '');
    userName.value = userName.value.trim();
    userEmail.value = userEmail.value.trim();
    const checks: Array<[Field, string]> = [
      [userName, userName.value ? '' : 'Enter the staff member\u2019s name.'],
      [userEmail, emailProblem(userEmail.value, 'Enter an email address.')],
      [userPassword, optionalPasswordProblem(userPassword.value)],
    ];
    for (const [input, message] of checks) fieldError(input, message);
    const invalid = checks.find(([, message]) => message)?.[0];
    if (invalid) {
      invalid.focus();
      return;
    }

    const payload: { name: string; email: string; role: string; password?: string } = {
      name: userName.value,
      email: userEmail.value,
      role: userRole.value,
    };
    if (userPassword.value) payload.password = userPassword.value;
    setBusy(userSubmit, true, 'Adding…');
    let result: CreatedStaffUser | null;
    try {
      result = await api<CreatedStaffUser>('POST', '/users', payload);
    } catch (err) {
      setBusy(userSubmit, false);
      showError(userFormError, err);
      return;
    }
    setBusy(userSubmit, false);
    const creds = result?.credentials ?? {};
    const created = result?.user ?? {};
    $('user-cred-email').textContent = creds.email || payload.email;
    $('user-cred-password').textContent = creds.password || '';
    $('user-credentials-lead').textContent =
      `${created.name || payload.name} was added as ${roleLabel(created.role || payload.role)}. Share these sign-in details securely.`;
    $('user-cred-copy-status').textContent = '';
    const panel = $('user-credentials');
    panel.hidden = false;
    wireCopyButtons(panel);
    userForm.reset();
    panel.scrollIntoView({ block: 'start' });
    panel.focus();
    load();
  });

  $('user-cred-dismiss').addEventListener('click', () => {
    $('user-credentials').hidden = true;
    $('user-cred-password').textContent = '';
    $('user-cred-email').textContent = '';
    userName.focus();
  });

  return { load };
}
