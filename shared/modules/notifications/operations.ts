import { defineOperation } from '../../kernel/operation';
import {
  EmptyInput,
  ListNotificationsInput,
  NotificationPage,
  Preferences,
  PutTemplateInput,
  SetPreferencesInput,
  TemplateList,
  TemplateView,
} from './schemas';
import {
  getPreferences as getPrefs,
  listMine,
  listOutbox,
  listTemplates,
  ownDecision,
  putTemplate as putTpl,
  setPreferences as setPrefs,
} from './service';

export const getPreferences = defineOperation({
  name: 'notifications.getPreferences',
  summary: 'Your notification channels (e-mail, SMS and its number) and quiet hours',
  input: EmptyInput,
  output: Preferences,
  access: { roles: 'any', scope: 'notifications:read', decisions: [ownDecision] },
  kind: 'read',
  idempotent: true,
  handler: getPrefs,
});

export const setPreferences = defineOperation({
  name: 'notifications.setPreferences',
  summary:
    'Set your notification channels and quiet hours (hospital time; only urgent notifications, such as a critical result, are sent during them)',
  input: SetPreferencesInput,
  output: Preferences,
  access: { roles: 'any', scope: 'notifications:write', humanOnly: true, decisions: [ownDecision] },
  kind: 'write',
  idempotent: true,
  handler: setPrefs,
});

export const mine = defineOperation({
  name: 'notifications.mine',
  summary: 'The notifications sent to you, newest first',
  input: ListNotificationsInput,
  output: NotificationPage,
  access: { roles: 'any', scope: 'notifications:read', decisions: [ownDecision] },
  kind: 'read',
  idempotent: true,
  handler: listMine,
});

export const outbox = defineOperation({
  name: 'notifications.outbox',
  summary:
    'Every notification of the hospital, newest first, with its status (sent, held in quiet hours, failed): in npm start the local outbox that stands in for SES and SNS (administrators only)',
  input: ListNotificationsInput,
  output: NotificationPage,
  access: { roles: [], scope: 'notifications:read' },
  kind: 'read',
  idempotent: true,
  handler: listOutbox,
});

export const templates = defineOperation({
  name: 'notifications.templates',
  summary:
    "The hospital's notification templates per kind and channel, with the fields each may use (administrators only)",
  input: EmptyInput,
  output: TemplateList,
  access: { roles: [], scope: 'notifications:read' },
  kind: 'read',
  idempotent: true,
  handler: listTemplates,
});

export const putTemplate = defineOperation({
  name: 'notifications.putTemplate',
  summary:
    "Set the hospital's template of a kind and channel; {{field}} placeholders must be the kind's fields, and an SMS template may use only its SMS-safe fields (administrators only)",
  input: PutTemplateInput,
  output: TemplateView,
  access: { roles: [], scope: 'notifications:write' },
  kind: 'write',
  idempotent: true,
  handler: putTpl,
});
