/**
 * The local runtime's EventBridge: an in-process bus with the rules generated from the same
 * declaration as the stack's (agentActionRules), the same executor handler, a retry policy and a
 * dead-letter list per rule, the five-minute schedules of the agent actions job and of the
 * notification triggers, and the one-minute schedule of the outbox relay (shared/events/relay.ts). The service's
 * PutEvents calls reach it through a middleware on the SDK client (shared/events/bus.ts), so the
 * publishing code is the code that runs on AWS.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PutEventsRequestEntry, PutEventsResultEntry } from '@aws-sdk/client-eventbridge';
import type { EventBridgeEvent } from 'aws-lambda';
import { useEventBusClient } from '../../shared/events/bus';
import { RELAY_RATE_MINUTES } from '../../shared/events/relay';
import { systemClock } from '../../shared/kernel/clock';
import {
  AGENT_ACTION_SWEEP_RATE_MINUTES,
  agentActionRules,
} from '../../shared/modules/agent-actions';
import { NOTIFIED_EVENTS, TRIGGER_RATE_MINUTES } from '../../shared/modules/notifications/index';
import { ROSTER_GENERATION_REQUESTED } from '../../shared/modules/roster/index';
import { TENANT_EXPORT_REQUESTED } from '../../shared/modules/tenants/index';
import { SPECIMEN_TAKEN } from '../../shared/modules/theatre/index';
import { WEBHOOK_DETAIL_TYPES } from '../../shared/modules/webhooks/index';
import { solveInWorker } from './roster-solver';

const ROOT = resolve(import.meta.dirname, '../..');
export const LOCAL_BUS_NAME = 'hospital-local';

type BusEvent = EventBridgeEvent<string, unknown>;
type Target = (event: BusEvent, context: { awsRequestId: string }) => Promise<unknown>;

interface Rule {
  name: string;
  pattern: Record<string, unknown>;
  target: Target;
  /** Deliveries after the first when the target throws (as the rule target's RetryPolicy). */
  retryAttempts: number;
}

export interface Delivery {
  rule: string;
  event: BusEvent;
  attempts: number;
  result?: unknown;
  error?: string;
}

/** EventBridge's content matching for the patterns we use: exact values, nested objects. */
export function matches(pattern: Record<string, unknown>, event: Record<string, unknown>): boolean {
  return Object.entries(pattern).every(([key, want]) => {
    const value = event[key];
    if (Array.isArray(want)) return want.includes(value);
    if (want && typeof want === 'object')
      return (
        !!value &&
        typeof value === 'object' &&
        matches(want as Record<string, unknown>, value as Record<string, unknown>)
      );
    return false;
  });
}

async function loadHandler(entry: string): Promise<Target> {
  const mod = (await import(pathToFileURL(resolve(ROOT, entry)).href)) as { handler: Target };
  return mod.handler;
}

export class LocalEventBus {
  readonly published: BusEvent[] = [];
  readonly deliveries: Delivery[] = [];
  readonly deadLetters: Delivery[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly rules: readonly Rule[]) {}

  /** PutEvents: records each entry as an event and delivers it to every matching rule, later. */
  put(entries: readonly PutEventsRequestEntry[]): PutEventsResultEntry[] {
    return entries.map((entry) => {
      const event: BusEvent = {
        version: '0',
        id: randomUUID(),
        'detail-type': entry.DetailType ?? '',
        source: entry.Source ?? '',
        account: '000000000000',
        time: systemClock.now().toISOString(),
        region: 'local',
        resources: entry.Resources ?? [],
        detail: JSON.parse(entry.Detail ?? '{}'),
      };
      this.published.push(event);
      // As on AWS, delivery happens after PutEvents has answered.
      setImmediate(() => this.deliver(event));
      return { EventId: event.id };
    });
  }

  /** Delivers an event to its rules now (tests use it to deliver the same event again). */
  deliver(event: BusEvent): Promise<void> {
    const run = Promise.all(
      this.rules
        .filter((r) => matches(r.pattern, event as unknown as Record<string, unknown>))
        .map((r) => this.deliverTo(r, event)),
    ).then(() => undefined);
    this.inFlight.add(run);
    run.finally(() => this.inFlight.delete(run));
    return run;
  }

  private async deliverTo(rule: Rule, event: BusEvent): Promise<void> {
    const delivery: Delivery = { rule: rule.name, event, attempts: 0 };
    this.deliveries.push(delivery);
    for (;;) {
      delivery.attempts += 1;
      try {
        delivery.result = await rule.target(event, { awsRequestId: randomUUID() });
        delete delivery.error;
        return;
      } catch (err) {
        delivery.error = (err as Error).message;
        if (delivery.attempts > rule.retryAttempts) {
          this.deadLetters.push(delivery);
          return;
        }
      }
    }
  }

  /** Resolves once every delivery under way (including ones they cause) has finished. */
  async idle(): Promise<void> {
    // A delivery is scheduled with setImmediate after PutEvents: let those start first.
    await new Promise((ok) => setImmediate(ok));
    while (this.inFlight.size) {
      await Promise.all([...this.inFlight]);
      await new Promise((ok) => setImmediate(ok));
    }
  }
}

export interface LocalEvents {
  bus: LocalEventBus;
  /** Runs the agent actions job now, as its schedule would. */
  runSchedule(): Promise<unknown>;
  /** Runs the outbox relay now, as its schedule would. */
  runRelay(): Promise<unknown>;
  /** Runs the webhook retries now, as their one-minute schedule would. */
  runWebhookRetries(): Promise<unknown>;
  /** Runs the notification triggers now (reminders, escalations…), as their schedule would. */
  runNotificationTriggers(): Promise<unknown>;
  stop(): void;
}

/**
 * Builds the bus from the rule declarations, points the service's EventBridge client at it, and
 * starts the five-minute schedule (`schedule: false` leaves the timer off; tests trigger it).
 */
export async function startLocalEvents(opts: { schedule?: boolean } = {}): Promise<LocalEvents> {
  process.env.EVENT_BUS_NAME = LOCAL_BUS_NAME;
  // Webhook receivers on this machine may be plain http (docs/notifications.md).
  process.env.HMS_WEBHOOKS_ALLOW_LOOPBACK_HTTP ??= '1';
  const executor = await loadHandler('functions/agent-action-executor/handler.ts');
  const sweep = await loadHandler('functions/agent-actions-sweep/handler.ts');
  const relay = await loadHandler('functions/outbox-relay/handler.ts');
  const notifications = await loadHandler('functions/notifications/handler.ts');
  const webhooks = await loadHandler('functions/webhooks/handler.ts');
  const specimenOrders = await loadHandler('functions/specimen-orders/handler.ts');
  // Solves in a worker thread, so a solve does not stop the runtime's requests (roster-solver.ts).
  const { rosterGenerationHandler } = (await import(
    pathToFileURL(resolve(ROOT, 'functions/roster-generation/handler.ts')).href
  )) as typeof import('../../functions/roster-generation/handler');
  const tenantExport = await loadHandler('functions/tenant-export/handler.ts');
  const triggers = await loadHandler('functions/notification-triggers/handler.ts');
  const bus = new LocalEventBus([
    ...agentActionRules().map((r) => ({
      name: `agent-action-${r.type}`,
      pattern: r.pattern,
      target: executor,
      retryAttempts: 2,
    })),
    // Events to people (issue 20): the same rule as lib/events-stack.ts's.
    {
      name: 'notifications',
      pattern: { 'detail-type': [...NOTIFIED_EVENTS] },
      target: notifications,
      retryAttempts: 2,
    },
    {
      name: 'webhooks',
      pattern: { 'detail-type': [...WEBHOOK_DETAIL_TYPES] },
      target: webhooks,
      retryAttempts: 2,
    },
    // Specimens to the lab and roster generation jobs (issues 17, 18): lib/events-stack.ts's rules.
    {
      name: 'specimen-orders',
      pattern: { 'detail-type': [SPECIMEN_TAKEN] },
      target: specimenOrders,
      retryAttempts: 2,
    },
    {
      name: 'roster-generation',
      pattern: { 'detail-type': [ROSTER_GENERATION_REQUESTED] },
      target: rosterGenerationHandler(solveInWorker),
      retryAttempts: 2,
    },
    // Hospital data exports (issue 23): lib/events-stack.ts's rule.
    {
      name: 'tenant-export',
      pattern: { 'detail-type': [TENANT_EXPORT_REQUESTED] },
      target: tenantExport,
      retryAttempts: 2,
    },
  ]);
  useEventBusClient(
    { region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
    (client) =>
      client.middlewareStack.add(
        (_next, context) => async (args) => {
          if (context.commandName !== 'PutEventsCommand')
            throw new Error(
              `The local event bus handles PutEvents only, not ${context.commandName}`,
            );
          const entries = (args.input as { Entries?: PutEventsRequestEntry[] }).Entries ?? [];
          const results = bus.put(entries);
          return {
            output: { $metadata: {}, FailedEntryCount: 0, Entries: results },
            response: {},
          } as never;
        },
        { step: 'initialize', name: 'localEventBus' },
      ),
  );
  const runSchedule = () =>
    sweep({ source: 'aws.events', 'detail-type': 'Scheduled Event' } as never, {
      awsRequestId: randomUUID(),
    });
  const runRelay = () =>
    relay({ source: 'aws.events', 'detail-type': 'Scheduled Event' } as never, {
      awsRequestId: randomUUID(),
    });
  const runWebhookRetries = () =>
    webhooks({ source: 'aws.events', 'detail-type': 'Scheduled Event' } as never, {
      awsRequestId: randomUUID(),
    });
  const runNotificationTriggers = () =>
    triggers({ source: 'aws.events', 'detail-type': 'Scheduled Event' } as never, {
      awsRequestId: randomUUID(),
    });
  const every = (minutes: number, job: () => Promise<unknown>, name: string) => {
    const timer = setInterval(() => {
      job().catch((err) => process.stderr.write(`${name} failed: ${(err as Error).message}\n`));
    }, minutes * 60_000);
    timer.unref();
    return timer;
  };
  const timers =
    opts.schedule === false
      ? []
      : [
          every(AGENT_ACTION_SWEEP_RATE_MINUTES, runSchedule, 'agent actions job'),
          every(RELAY_RATE_MINUTES, runRelay, 'outbox relay'),
          every(1, runWebhookRetries, 'webhook retries'),
          every(TRIGGER_RATE_MINUTES, runNotificationTriggers, 'notification triggers'),
        ];
  return {
    bus,
    runSchedule,
    runRelay,
    runWebhookRetries,
    runNotificationTriggers,
    stop: () => {
      for (const t of timers) clearInterval(t);
    },
  };
}
