/**
 * Publishing on the service's custom EventBridge bus. The client is created once per container;
 * the local runtime gives it a middleware that hands PutEvents to its in-process bus
 * (bin/local/event-bus.ts) instead of AWS, so the same SDK call runs locally and in tests (where
 * aws-sdk-client-mock can make it fail).
 *
 * Services do not publish: they `emit(ctx, event)` (kernel/effects.ts), which writes an outbox item
 * with their change. Importing this module registers `publishEvents` as the outbox's fast path
 * (the request that committed an event publishes it at once); the relay (relay.ts) publishes the
 * rest. A module that emits imports it from its events declaration.
 */
import {
  EventBridgeClient,
  type EventBridgeClientConfig,
  PutEventsCommand,
} from '@aws-sdk/client-eventbridge';

import { type BusEvent, useEventPublisher } from '../kernel/store/outbox';

export type { BusEvent } from '../kernel/store/outbox';

let client: EventBridgeClient | undefined;
let configure: ((c: EventBridgeClient) => void) | undefined;
let extraConfig: EventBridgeClientConfig = {};

/** The local runtime's hook: client options and a function that adds its middleware. */
export function useEventBusClient(
  config: EventBridgeClientConfig,
  setup: (c: EventBridgeClient) => void,
): void {
  extraConfig = config;
  configure = setup;
  client = undefined;
}

export function eventBusClient(): EventBridgeClient {
  if (!client) {
    client = new EventBridgeClient(extraConfig);
    configure?.(client);
  }
  return client;
}

export function eventBusName(): string {
  const name = process.env.EVENT_BUS_NAME;
  if (!name) throw new Error('EVENT_BUS_NAME is not set');
  return name;
}

/** Publishes one event; throws when EventBridge refused it (FailedEntryCount) or the call failed. */
export async function publishEvent(event: BusEvent): Promise<void> {
  await publishEvents([event]);
}

/** Publishes up to 10 events in one PutEvents; throws when EventBridge refused any of them. */
export async function publishEvents(events: readonly BusEvent[]): Promise<void> {
  const res = await eventBusClient().send(
    new PutEventsCommand({
      Entries: events.map((event) => ({
        EventBusName: eventBusName(),
        Source: event.source,
        DetailType: event.detailType,
        Detail: JSON.stringify(event.detail),
      })),
    }),
  );
  if ((res.FailedEntryCount ?? 0) > 0) {
    const i = res.Entries?.findIndex((e) => e.ErrorCode) ?? 0;
    const entry = res.Entries?.[i];
    throw new Error(
      `EventBridge refused ${events[Math.max(i, 0)]?.detailType}: ${entry?.ErrorCode ?? 'unknown'} ${entry?.ErrorMessage ?? ''}`.trim(),
    );
  }
}

useEventPublisher(publishEvents, () => Boolean(process.env.EVENT_BUS_NAME));
