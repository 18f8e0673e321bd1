/**
 * Publishing on the service's custom EventBridge bus. The client is created once per container;
 * the local runtime gives it a middleware that hands PutEvents to its in-process bus
 * (bin/local/event-bus.ts) instead of AWS, so the same SDK call runs locally and in tests (where
 * aws-sdk-client-mock can make it fail).
 */
import {
  EventBridgeClient,
  type EventBridgeClientConfig,
  PutEventsCommand,
} from '@aws-sdk/client-eventbridge';

export interface BusEvent {
  source: string;
  detailType: string;
  detail: Record<string, unknown>;
}

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
  const res = await eventBusClient().send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: eventBusName(),
          Source: event.source,
          DetailType: event.detailType,
          Detail: JSON.stringify(event.detail),
        },
      ],
    }),
  );
  if ((res.FailedEntryCount ?? 0) > 0) {
    const entry = res.Entries?.[0];
    throw new Error(
      `EventBridge refused ${event.detailType}: ${entry?.ErrorCode ?? 'unknown'} ${entry?.ErrorMessage ?? ''}`.trim(),
    );
  }
}
