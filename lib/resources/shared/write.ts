import type { AppContext } from '../../core/context';
import type { DomainEvent } from '../../events/events';
import type { Stores } from '../../storage/storage';

/**
 * Runs a write in one transaction, stages the events it fires inside that transaction (so an outbox
 * commits with the change), and tells in-process listeners once it has committed.
 */
export async function write<C>(app: AppContext, work: (tx: Stores) => Promise<C>, eventsOf: (change: C) => DomainEvent[]): Promise<C> {
  const { change, events } = await app.storage.transaction(async (tx) => {
    const change = await work(tx);
    const events = onceSiteChanged(eventsOf(change));
    await app.events.stage(tx, events);
    return { change, events };
  });
  app.events.publish(events);
  return change;
}

/** One write changes the site once, however many records it touched: keep a single, final site.changed. */
function onceSiteChanged(events: DomainEvent[]): DomainEvent[] {
  const others = events.filter((e) => e.name !== 'site.changed');
  return others.length === events.length ? events : [...others, { name: 'site.changed', kind: 'site' }];
}
