import type { Stores } from '../storage/storage';
import type { DomainEvent } from './events';
import type { EventName } from './names';
import { silentLogger, type Logger } from '../logger';

export type EventHandler = (event: DomainEvent) => void | Promise<void>;
/** Runs inside the transaction of the change, so what it writes (an outbox) commits or rolls back with it. */
export type EventStager = (tx: Stores, events: DomainEvent[]) => Promise<void>;

/**
 * Domain events: staged inside the writing transaction, published to in-process listeners after it
 * commits. Listener failures never reach the request that caused the event.
 */
export class EventBus {
  private readonly handlers = new Map<EventName | '*', Set<EventHandler>>();
  private readonly stagers: EventStager[] = [];

  constructor(private readonly logger: Logger = silentLogger) {}

  on(name: EventName | '*', handler: EventHandler): () => void {
    let set = this.handlers.get(name);
    if (!set) this.handlers.set(name, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  addStager(stager: EventStager): void {
    this.stagers.push(stager);
  }

  async stage(tx: Stores, events: DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    for (const stager of this.stagers) await stager(tx, events);
  }

  publish(events: DomainEvent[]): void {
    for (const event of events) {
      for (const handler of [...(this.handlers.get(event.name) ?? []), ...(this.handlers.get('*') ?? [])]) {
        try {
          Promise.resolve(handler(event)).catch((error) => this.logger.error(`listener for ${event.name} failed`, error));
        } catch (error) {
          this.logger.error(`listener for ${event.name} failed`, error);
        }
      }
    }
  }
}
