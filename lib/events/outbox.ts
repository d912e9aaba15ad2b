import { VERSIONS, type Version } from '../core/context';
import { objectId } from '../util/ids';
import type { EventStager } from './bus';
import type { DomainEvent } from './events';

export interface OutboxOptions {
  /** The body of a delivery of `event` to a webhook of API version `version`. */
  payload(event: DomainEvent, version: Version): Record<string, unknown>;
  now(): Date;
  /** Called when deliveries were staged (the transaction may still roll back). */
  onStaged?: () => void;
}

// a stored value no version names (none is written today) is delivered as v3, the column's default
const versionOf = (apiVersion: string): Version => VERSIONS.find((version) => version === apiVersion) ?? 'v3';

/**
 * Writes, inside the transaction of the change, one delivery per webhook subscribed to each event,
 * with its body already serialised: it shows the change as it was, whenever it is delivered.
 * Events nobody subscribed to leave no row. One write that fires `site.changed` several times
 * (publishing many scheduled posts at once) notifies each subscriber once.
 */
export function outboxStager(options: OutboxOptions): EventStager {
  return async (tx, events) => {
    const subscribed = await tx.webhooks.subscribedTo([...new Set(events.map((e) => e.name))]);
    if (subscribed.length === 0) return;
    const now = options.now();
    const seen = new Set<string>();
    let staged = false;
    for (const event of events) {
      if (event.name === 'site.changed') {
        if (seen.has(event.name)) continue;
        seen.add(event.name);
      }
      const hooks = subscribed.filter((hook) => hook.event === event.name);
      if (hooks.length === 0) continue;
      const bodies = new Map<Version, string>();
      const body = (version: Version) => {
        let text = bodies.get(version);
        if (text === undefined) bodies.set(version, (text = JSON.stringify(options.payload(event, version))));
        return text;
      };
      await tx.outbox.stage(
        { id: objectId(now), name: event.name, created_at: now },
        hooks.map((hook) => ({ id: objectId(now), webhook_id: hook.id, body: body(versionOf(hook.api_version)) })),
      );
      staged = true;
    }
    if (staged) options.onStaged?.();
  };
}
