import { Duration, NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as triggers from 'aws-cdk-lib/triggers';
import type { Construct } from 'constructs';
import {
  DEAD_EVENT_MESSAGE,
  PUBLISH_FAILED_MESSAGE,
  RELAY_RATE_MINUTES,
} from '../shared/events/relay';
import {
  AGENT_ACTION_SWEEP_RATE_MINUTES,
  agentActionRules,
} from '../shared/modules/agent-actions/index';
import { NOTIFIED_EVENTS, TRIGGER_RATE_MINUTES } from '../shared/modules/notifications/index';
import {
  ROSTER_GENERATION_REQUESTED,
  ROSTER_JOB_TIMEOUT_SECONDS,
} from '../shared/modules/roster/index';
import {
  EXPORT_COLLECTION,
  EXPORT_JOB_TIMEOUT_SECONDS,
  TENANT_EXPORT_REQUESTED,
} from '../shared/modules/tenants/index';
import { SPECIMEN_TAKEN } from '../shared/modules/theatre/index';
import { WEBHOOK_DETAIL_TYPES } from '../shared/modules/webhooks/index';
import { encryptedAlarmTopic } from './alarm-topic';
import type { FunctionSpec } from './function-specs';
import { ApiFunction, constructId } from './functions';
import { deploymentName } from './naming';
import type { PlatformStack } from './platform-stack';
import type { Settings } from './settings';

export interface EventsStackProps extends NestedStackProps {
  platform: PlatformStack;
  settings: Pick<Settings, 'logLevel' | 'notify'>;
}

/** How EventBridge retries a rule target before the event goes to the target's DLQ. */
export const TARGET_RETRY = { retryAttempts: 3, maxEventAge: Duration.hours(2) } as const;

/** A function that is not a REST group: an executor per action type, and the job. */
export interface EventFunctionSpec extends FunctionSpec {
  /** The action type an executor carries out (its ACTION_TYPE). */
  actionType?: string;
}

/** Executors and the job, from the action type declaration (shared/modules/agent-actions). */
export function eventFunctionSpecs(): EventFunctionSpec[] {
  return [
    ...agentActionRules().map((rule) => ({
      name: rule.executor,
      actionType: rule.type,
      description: `Carries out approved ${rule.type} agent actions (AgentActionApproved)`,
      memoryMb: 512,
      timeoutSeconds: 30,
      // Its operation's reads and writes, in the one table; no bus, no secret.
      permissions: { table: 'readwrite' as const },
      entry: 'functions/agent-action-executor/handler.ts',
    })),
    {
      name: 'agent-actions-sweep',
      description:
        'Every 5 minutes: expires pending agent actions, publishes again for unclaimed approvals',
      memoryMb: 512,
      timeoutSeconds: 120,
      permissions: {
        table: 'readwrite' as const,
        events: true,
        crossTenant: {
          reason:
            'reads the due-work index (gsi5 DUE#…) of every hospital at once, then expires or re-publishes actions of each',
        },
      },
      entry: 'functions/agent-actions-sweep/handler.ts',
    },
    {
      name: 'outbox-relay',
      description: `Every ${RELAY_RATE_MINUTES} minute: publishes due outbox events, retries failed ones with backoff`,
      memoryMb: 512,
      timeoutSeconds: 50,
      permissions: {
        table: 'readwrite' as const,
        events: true,
        crossTenant: {
          reason:
            'reads the due outbox index (gsi5 DUE#…) of every hospital at once and marks each event published',
        },
      },
      entry: 'functions/outbox-relay/handler.ts',
    },
    {
      name: 'signing-key-rotation',
      description:
        'Every hour: creates the access-token signing keys if missing, rotates them after 30 days (overlap 2 h)',
      memoryMb: 256,
      timeoutSeconds: 30,
      // The only writer of the key secrets (lib/signing-keys.ts); no table.
      permissions: { table: 'none' as const, tokenKeys: 'rotate' as const },
      entry: 'functions/signing-key-rotation/handler.ts',
    },
    {
      // Not `notifications`/`webhooks`: those are the REST groups' functions (settings, outbox).
      name: 'notification-delivery',
      description:
        'Events to people: e-mail through SES, SMS through SNS, once per event, person and channel',
      memoryMb: 512,
      timeoutSeconds: 60,
      // Its own messages and the recipients' records; SES and SNS grants in EventsStack.
      permissions: { table: 'readwrite' as const },
      entry: 'functions/notifications/handler.ts',
    },
    {
      name: 'notification-triggers',
      description: `Every ${TRIGGER_RATE_MINUTES} minutes: appointment reminders, critical-result escalations, expiring approvals, the pharmacy's stock notice`,
      memoryMb: 512,
      timeoutSeconds: 120,
      permissions: {
        table: 'readwrite' as const,
        crossTenant: {
          reason:
            'lists every hospital from the due index (gsi5 DUE#HOSPITALS#…), then reads each one’s appointments, alerts, actions and stock and writes its messages',
          scan: {
            reason:
              'once per table, gives hospitals registered before the due index its DUE#HOSPITALS entry: only a Scan finds them (shared/modules/tenants/hospital-index-backfill.ts)',
          },
        },
      },
      entry: 'functions/notification-triggers/handler.ts',
    },
    {
      name: 'webhook-delivery',
      description:
        'Events to the hospitals’ webhook subscriptions (signed), and their retries every minute',
      memoryMb: 512,
      timeoutSeconds: 120,
      permissions: { table: 'readwrite' as const },
      entry: 'functions/webhooks/handler.ts',
    },
    {
      name: 'specimen-orders',
      description:
        'Specimens taken in theatre to pathology orders in the lab, once per specimen (TheatreSpecimenTaken)',
      memoryMb: 512,
      timeoutSeconds: 30,
      // The lab order's reads and writes and the case's note of a refusal, in the one table.
      permissions: { table: 'readwrite' as const },
      entry: 'functions/specimen-orders/handler.ts',
    },
    {
      name: 'roster-generation',
      description:
        'Roster generation jobs: solves a ward period with HiGHS out of the request (RosterGenerationRequested)',
      // HiGHS is single-threaded WebAssembly: memory buys CPU speed.
      memoryMb: 2048,
      // The longest solver time limit a job may ask for plus reading the ward and writing the draft.
      timeoutSeconds: ROSTER_JOB_TIMEOUT_SECONDS,
      permissions: { table: 'readwrite' as const },
      entry: 'functions/roster-generation/handler.ts',
    },
    {
      name: 'tenant-export',
      description:
        "Hospital data exports: Scans the table for one hospital's items and writes them as pages into its export partition (TenantExportRequested)",
      memoryMb: 1024,
      timeoutSeconds: EXPORT_JOB_TIMEOUT_SECONDS,
      permissions: {
        table: 'read' as const,
        scansTable: {
          reason:
            "a hospital's items live in one partition per entity that no Query or index lists, so its export Scans the whole table keeping the hospital's partitions (a filter and a re-check of every key, as no IAM condition can confine a Scan); it serves no request, and it writes only its hospital's export partitions",
          writes: EXPORT_COLLECTION,
        },
      },
      entry: 'functions/tenant-export/handler.ts',
    },
  ];
}

/** The events each consumer function receives (by detail-type), besides the executors. */
const CONSUMERS: Record<string, { detailTypes: readonly string[]; description: string }> = {
  'notification-delivery': {
    detailTypes: NOTIFIED_EVENTS,
    description: 'Events people are told about',
  },
  'webhook-delivery': {
    detailTypes: WEBHOOK_DETAIL_TYPES,
    description: 'Events sent to webhook subscriptions',
  },
  'specimen-orders': {
    detailTypes: [SPECIMEN_TAKEN],
    description: 'Specimens taken in theatre, to the lab',
  },
  'roster-generation': {
    detailTypes: [ROSTER_GENERATION_REQUESTED],
    description: 'Roster generation jobs, to the solver',
  },
  'tenant-export': {
    detailTypes: [TENANT_EXPORT_REQUESTED],
    description: 'Hospital data exports, to the export function',
  },
};

/** The schedule of each scheduled (non-executor) function. */
const SCHEDULES: Record<string, { minutes: number; description: string }> = {
  'agent-actions-sweep': {
    minutes: AGENT_ACTION_SWEEP_RATE_MINUTES,
    description: `The agent actions job, every ${AGENT_ACTION_SWEEP_RATE_MINUTES} minutes`,
  },
  'outbox-relay': {
    minutes: RELAY_RATE_MINUTES,
    description: `The outbox relay, every ${RELAY_RATE_MINUTES} minute`,
  },
  'signing-key-rotation': {
    minutes: 60,
    description: 'The signing-key rotation check, every hour (rotates after 30 days)',
  },
  'notification-triggers': {
    minutes: TRIGGER_RATE_MINUTES,
    description: `The notification triggers (reminders, escalations, expiring approvals, stock), every ${TRIGGER_RATE_MINUTES} minutes`,
  },
  'webhook-delivery': {
    minutes: 1,
    description: 'Webhook retries that fell due, every minute',
  },
};

/**
 * The service's events (DESIGN: "events and schedules"): the custom bus that approval publishes
 * `AgentActionApproved` on, one rule per action type (generated from the same declaration as the
 * local runtime's bus) invoking that type's executor with a retry policy and an encrypted DLQ,
 * and the five-minute schedule of the agent actions job. Area stacks receive the bus for the
 * groups that publish.
 */
/** Namespace of the service's own CloudWatch metrics (from log metric filters). */
export const METRIC_NAMESPACE = 'HospitalManagementService';
/**
 * The namespace of one deployment's metrics: the metric filters have no dimension to tell copies
 * of the stack apart, so two copies in one account and region would feed each other's alarms.
 */
export const metricNamespace = (scope: Construct) => `${METRIC_NAMESPACE}/${deploymentName(scope)}`;
/** Failed publications of the relay in 15 minutes that raise its alarm (a few are transient). */
export const RELAY_FAILURES_ALARM_THRESHOLD = 5;

export class EventsStack extends NestedStack {
  readonly bus: events.EventBus;
  readonly functions: ApiFunction[] = [];
  readonly queues: sqs.Queue[] = [];
  readonly rules: events.Rule[] = [];
  /** Every alarm of the events notifies this topic (a stack output: operators subscribe to it). */
  readonly alarmTopic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: EventsStackProps) {
    super(scope, id, {
      ...props,
      description:
        'Hospital Management Service events: bus, agent action executors and their DLQs, the agent actions job',
    });
    const { platform } = props;
    // Named after the deployment: a generated name follows the construct path, which is the same
    // for every copy of the stack, so a second copy in the account and region would collide.
    this.bus = new events.EventBus(this, 'Bus', {
      eventBusName: `${deploymentName(this)}-events`,
      description: 'Hospital Management Service: AgentActionApproved and later domain events',
    });
    const shared = {
      table: platform.data.table,
      secrets: platform.secrets,
      logging: platform.logging,
      logLevel: props.settings.logLevel,
      eventBus: this.bus,
    };
    const deadLetters = (name: string) => {
      const queue = new sqs.Queue(this, `${name}Dlq`, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      this.queues.push(queue);
      return queue;
    };
    const rules = new Map(agentActionRules().map((r) => [r.executor, r]));

    // Alarms notify one encrypted topic; CloudWatch may use its key to publish to it.
    this.alarmTopic = encryptedAlarmTopic(this, 'Hospital Management Service');
    const alarmAction = new cwActions.SnsAction(this.alarmTopic);
    const alarm = (id: string, props: cloudwatch.AlarmProps) => {
      const a = new cloudwatch.Alarm(this, id, {
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        ...props,
      });
      a.addAlarmAction(alarmAction);
      this.alarms.push(a);
      return a;
    };

    for (const spec of eventFunctionSpecs()) {
      const id = constructId(spec.name);
      const dlq = deadLetters(id);
      const fn = new ApiFunction(this, id, { ...shared, spec, deadLetterQueue: dlq });
      this.functions.push(fn);
      // A message in a DLQ is an event or invocation that failed every retry: someone must look.
      alarm(`${id}DlqAlarm`, {
        alarmDescription: `${spec.name}: a failed event or invocation is in its dead-letter queue`,
        metric: dlq.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(5),
          statistic: 'Maximum',
        }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      });
      if (spec.name === 'outbox-relay') this.relayAlarms(fn, alarm);
      const rule = rules.get(spec.name);
      if (rule) {
        fn.fn.addEnvironment('ACTION_TYPE', rule.type);
        this.rules.push(
          new events.Rule(this, `${id}Rule`, {
            eventBus: this.bus,
            description: `AgentActionApproved of type ${rule.type} to its executor`,
            eventPattern: {
              source: rule.pattern.source,
              detailType: rule.pattern['detail-type'],
              detail: rule.pattern.detail,
            },
            targets: [
              new targets.LambdaFunction(fn.live, { deadLetterQueue: dlq, ...TARGET_RETRY }),
            ],
          }),
        );
      } else {
        const consumer = CONSUMERS[spec.name];
        if (consumer)
          this.rules.push(
            new events.Rule(this, `${id}Rule`, {
              eventBus: this.bus,
              description: consumer.description,
              eventPattern: { detailType: [...consumer.detailTypes] },
              targets: [
                new targets.LambdaFunction(fn.fn, { deadLetterQueue: dlq, ...TARGET_RETRY }),
              ],
            }),
          );
        // The triggers send what they find themselves, so they need the same grants.
        if (spec.name === 'notification-delivery' || spec.name === 'notification-triggers')
          this.notificationGrants(fn, props.settings.notify);
        const schedule = SCHEDULES[spec.name];
        if (!schedule && consumer) continue;
        if (!schedule)
          throw new Error(`Event function ${spec.name} has neither a rule nor a schedule`);
        this.rules.push(
          new events.Rule(this, `${id}Schedule`, {
            description: schedule.description,
            schedule: events.Schedule.rate(Duration.minutes(schedule.minutes)),
            targets: [
              new targets.LambdaFunction(fn.live, { deadLetterQueue: dlq, ...TARGET_RETRY }),
            ],
          }),
        );
        // The first key set is made during the deployment that creates the secrets, so that
        // sign-in works as soon as `cdk deploy` ends (not up to an hour later, at the first
        // scheduled run); the deployment fails if the rotator does.
        if (spec.name === 'signing-key-rotation')
          new triggers.Trigger(this, `${id}AtDeploy`, {
            handler: fn.fn,
            executeOnHandlerChange: false,
            timeout: Duration.minutes(2),
          });
      }
    }
  }

  /**
   * Least privilege for sending (docs/notifications.md): SES SendEmail only as the configured
   * identity (the address's own identity or its domain's, and from that address only) and its
   * configuration set; SNS Publish only to phone numbers, since SNS has no resource ARN for a
   * number: `*` with every topic and platform application denied.
   */
  private notificationGrants(fn: ApiFunction, notify: Settings['notify']) {
    const f = fn.fn;
    f.addEnvironment('NOTIFY_TRANSPORT', 'aws');
    if (notify.emailFrom) {
      f.addEnvironment('NOTIFY_EMAIL_FROM', notify.emailFrom);
      const domain = notify.emailFrom.split('@')[1]!;
      const identity = (name: string) =>
        this.formatArn({ service: 'ses', resource: 'identity', resourceName: name });
      f.addToRolePolicy(
        new iam.PolicyStatement({
          sid: 'SendEmailAsTheSenderIdentity',
          actions: ['ses:SendEmail'],
          resources: [
            identity(notify.emailFrom),
            identity(domain),
            ...(notify.sesConfigurationSet
              ? [
                  this.formatArn({
                    service: 'ses',
                    resource: 'configuration-set',
                    resourceName: notify.sesConfigurationSet,
                  }),
                ]
              : []),
          ],
          conditions: { StringEquals: { 'ses:FromAddress': notify.emailFrom } },
        }),
      );
    }
    if (notify.sesConfigurationSet)
      f.addEnvironment('NOTIFY_SES_CONFIGURATION_SET', notify.sesConfigurationSet);
    if (notify.smsSenderId) f.addEnvironment('NOTIFY_SMS_SENDER_ID', notify.smsSenderId);
    f.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'PublishSmsToPhoneNumbers',
        actions: ['sns:Publish'],
        resources: ['*'],
      }),
    );
    f.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'NoTopicsOrApplications',
        effect: iam.Effect.DENY,
        actions: ['sns:Publish'],
        resources: ['arn:aws:sns:*:*:*'],
      }),
    );
  }

  /**
   * The relay's failures, from its log lines (shared/events/relay.ts): any event set aside as DEAD
   * at once, and failed publications when they keep coming (RELAY_FAILURES_ALARM_THRESHOLD in 15
   * minutes), since one failure is retried anyway.
   */
  private relayAlarms(
    fn: ApiFunction,
    alarm: (id: string, props: cloudwatch.AlarmProps) => cloudwatch.Alarm,
  ) {
    const metricOf = (id: string, message: string, metricName: string) => {
      new logs.MetricFilter(this, id, {
        logGroup: fn.fn.logGroup,
        filterPattern: logs.FilterPattern.stringValue('$.msg', '=', message),
        metricNamespace: metricNamespace(this),
        metricName,
        metricValue: '1',
        defaultValue: 0,
      });
      return new cloudwatch.Metric({
        namespace: metricNamespace(this),
        metricName,
        statistic: 'Sum',
        period: Duration.minutes(5),
      });
    };
    alarm('OutboxDeadAlarm', {
      alarmDescription: 'The outbox relay set an event aside after its last attempt (DEAD)',
      metric: metricOf('OutboxDeadFilter', DEAD_EVENT_MESSAGE, 'OutboxEventsDead'),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    });
    alarm('OutboxPublishFailuresAlarm', {
      alarmDescription: `The outbox relay failed to publish ${RELAY_FAILURES_ALARM_THRESHOLD} or more times in 15 minutes`,
      metric: metricOf(
        'OutboxPublishFailuresFilter',
        PUBLISH_FAILED_MESSAGE,
        'OutboxPublishFailures',
      ).with({ period: Duration.minutes(15) }),
      threshold: RELAY_FAILURES_ALARM_THRESHOLD,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    });
  }
}
