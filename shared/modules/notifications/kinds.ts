/**
 * What people are told, per kind of notification: who (from the event), how urgent, the default
 * templates, and which of the event's fields a template may use. SMS templates may use only the
 * SMS-safe fields (no patient name, no test, no value): a text message shows on a locked screen,
 * so it says just enough to act ("a critical result for MRN … is waiting"), and the person opens
 * the service for the rest.
 */
export const NOTIFICATION_KINDS = [
  'lab-critical-result',
  'agent-action-proposed',
  'claim-denied',
  'appointment-reminder',
  'lab-critical-escalation',
  'agent-action-expiring',
  'pharmacy-stock-alert',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const CHANNELS = ['email', 'sms'] as const;
export type Channel = (typeof CHANNELS)[number];

export interface Template {
  subject: string;
  body: string;
}

export interface KindDef {
  title: string;
  /** Urgent kinds are sent during quiet hours too (a critical result at 3 a.m.). */
  urgent: boolean;
  /** The fields any template of the kind may use, as `{{field}}`. */
  fields: readonly string[];
  /** The fields an SMS template may use. */
  smsFields: readonly string[];
  defaults: Record<Channel, Template>;
}

export const KINDS: Readonly<Record<NotificationKind, KindDef>> = {
  'lab-critical-result': {
    title: 'Critical lab result for the ordering doctor',
    urgent: true,
    fields: ['hospital', 'mrn', 'testName', 'orderId', 'raisedAt'],
    smsFields: ['hospital', 'mrn', 'orderId'],
    defaults: {
      email: {
        subject: '{{hospital}}: critical result for MRN {{mrn}}',
        body: 'A critical {{testName}} result for MRN {{mrn}} (lab order {{orderId}}) was raised at {{raisedAt}}. Open the lab order and acknowledge the alert.',
      },
      sms: {
        subject: '',
        body: '{{hospital}}: critical lab result for MRN {{mrn}}. Open lab order {{orderId}} and acknowledge.',
      },
    },
  },
  'agent-action-proposed': {
    title: 'An agent action waits for approval',
    urgent: false,
    fields: ['hospital', 'actionId', 'type', 'risk', 'expiresAt'],
    smsFields: ['hospital', 'actionId', 'type', 'expiresAt'],
    defaults: {
      email: {
        subject: '{{hospital}}: a {{type}} proposal waits for your approval',
        body: 'An agent proposed a {{type}} (risk {{risk}}), action {{actionId}}. It expires at {{expiresAt}} unless someone who may approve it decides.',
      },
      sms: {
        subject: '',
        body: '{{hospital}}: agent action {{actionId}} ({{type}}) waits for approval until {{expiresAt}}.',
      },
    },
  },
  'claim-denied': {
    title: 'A payer denied (part of) a claim: to the insurance desk',
    urgent: false,
    fields: [
      'hospital',
      'claimNumber',
      'payerName',
      'deniedAmount',
      'reasonCodes',
      'adjudicatedAt',
    ],
    smsFields: ['hospital', 'claimNumber', 'payerName'],
    defaults: {
      email: {
        subject: '{{hospital}}: {{payerName}} denied part of claim {{claimNumber}}',
        body: '{{payerName}} denied {{deniedAmount}} of claim {{claimNumber}} (reason codes {{reasonCodes}}) at {{adjudicatedAt}}. Open the denials work queue to resubmit or accept the denial.',
      },
      sms: {
        subject: '',
        body: '{{hospital}}: {{payerName}} denied part of claim {{claimNumber}}. See the denials queue.',
      },
    },
  },
  'appointment-reminder': {
    title: 'An appointment tomorrow: to the patient, the day before',
    urgent: false,
    fields: ['hospital', 'patientName', 'doctorName', 'start', 'appointmentId'],
    // Not the doctor: a name on a locked screen can tell a specialty (oncology, psychiatry).
    smsFields: ['hospital', 'start'],
    defaults: {
      email: {
        subject: '{{hospital}}: your appointment on {{start}}',
        body: 'Dear {{patientName}}, this is a reminder of your appointment with {{doctorName}} on {{start}} (appointment {{appointmentId}}). If you cannot come, please tell the hospital so that someone else can have the slot.',
      },
      sms: {
        subject: '',
        body: '{{hospital}}: reminder of your appointment on {{start}}. If you cannot come, please call the hospital.',
      },
    },
  },
  'lab-critical-escalation': {
    title: 'A critical lab result still unacknowledged: the doctor again, then the ward managers',
    urgent: true,
    fields: ['hospital', 'mrn', 'testName', 'orderId', 'raisedAt', 'minutes'],
    smsFields: ['hospital', 'mrn', 'orderId', 'minutes'],
    defaults: {
      email: {
        subject:
          '{{hospital}}: critical result for MRN {{mrn}} unacknowledged for {{minutes}} minutes',
        body: 'The critical {{testName}} result for MRN {{mrn}} (lab order {{orderId}}), raised at {{raisedAt}}, has not been acknowledged for {{minutes}} minutes. Open the lab order, act on the result and acknowledge the alert.',
      },
      sms: {
        subject: '',
        body: '{{hospital}}: critical result for MRN {{mrn}} unacknowledged for {{minutes}} min. Open lab order {{orderId}} and acknowledge.',
      },
    },
  },
  'agent-action-expiring': {
    title: 'An agent action expires soon undecided: to the people who may approve it',
    urgent: false,
    fields: ['hospital', 'actionId', 'type', 'risk', 'expiresAt'],
    smsFields: ['hospital', 'actionId', 'type', 'expiresAt'],
    defaults: {
      email: {
        subject: '{{hospital}}: a {{type}} proposal expires at {{expiresAt}}',
        body: 'Agent action {{actionId}} ({{type}}, risk {{risk}}) is still waiting for a decision and expires at {{expiresAt}}. Approve or reject it before then, or it lapses.',
      },
      sms: {
        subject: '',
        body: '{{hospital}}: agent action {{actionId}} ({{type}}) expires at {{expiresAt}} undecided.',
      },
    },
  },
  'pharmacy-stock-alert': {
    title: 'Low stock and expiring batches: the pharmacy’s daily notice',
    urgent: false,
    fields: [
      'hospital',
      'date',
      'lowStockCount',
      'lowStockItems',
      'expiringCount',
      'expiringBatches',
    ],
    smsFields: ['hospital', 'date', 'lowStockCount', 'expiringCount'],
    defaults: {
      email: {
        subject:
          '{{hospital}}: {{lowStockCount}} item(s) low, {{expiringCount}} batch(es) expiring',
        body: 'Stock on {{date}}. At or below the reorder level: {{lowStockItems}}. Expired or short-dated batches with stock: {{expiringBatches}}. Open the pharmacy reports to order or quarantine.',
      },
      sms: {
        subject: '',
        body: '{{hospital}} pharmacy {{date}}: {{lowStockCount}} item(s) low, {{expiringCount}} batch(es) expiring. See the pharmacy reports.',
      },
    },
  },
};

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The placeholders a template text uses. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** The fields a template of this kind and channel may not use (empty: it may be saved). */
export function forbiddenFields(kind: NotificationKind, channel: Channel, t: Template): string[] {
  const allowed = channel === 'sms' ? KINDS[kind].smsFields : KINDS[kind].fields;
  return [...new Set([...placeholders(t.subject), ...placeholders(t.body)])].filter(
    (f) => !allowed.includes(f),
  );
}

/** Fills a template; a field without a value renders empty. */
export function render(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => values[name] ?? '');
}
