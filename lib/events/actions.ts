// The activity log (`GET actions/`): each admin write adds its entries inside its own transaction, so
// an entry exists exactly when its change committed. Routes wrap their work with `logged`; the entry
// says who (a staff user or an integration), what (`resource_type`, `resource_id`), which `event`
// (added, edited, deleted: publishing and the like are edits with the detail in `context`).
import type { Actor, AppContext } from '../core/context';
import type { ActionEvent } from '../storage/people-rows';
import type { Stores } from '../storage/storage';
import { objectId } from '../util/ids';

export interface ActionEntry {
  resource_type: string;
  resource_id: string | null;
  event: ActionEvent;
  /** Shown as the reference shows it, a JSON string: `type` and `primary_name` at least. */
  context: Record<string, unknown>;
}

/** Writes the entries for `actor`; nothing without an actor (the scheduler, the CLI, setup). */
export async function recordActions(tx: Stores, app: Pick<AppContext, 'now'>, actor: Actor | null, entries: ActionEntry[]): Promise<void> {
  if (!actor || entries.length === 0) return;
  const now = app.now();
  const [actor_id, actor_type] = actor.kind === 'user' ? [actor.user.id, 'user' as const] : [actor.integrationId, 'integration' as const];
  await tx.actions.insert(
    entries.map((entry) => ({
      id: objectId(now),
      resource_id: entry.resource_id,
      resource_type: entry.resource_type,
      actor_id,
      actor_type,
      event: entry.event,
      context: JSON.stringify(entry.context),
      created_at: now,
    })),
  );
}

/** `work`, then its log entries, in the same transaction. */
export function logged<C>(
  ctx: { app: AppContext; actor: Actor | null },
  work: (tx: Stores) => Promise<C>,
  entriesOf: (change: C) => ActionEntry[],
): (tx: Stores) => Promise<C> {
  return async (tx) => {
    const change = await work(tx);
    await recordActions(tx, ctx.app, ctx.actor, entriesOf(change));
    return change;
  };
}

/** One entry for a record before and after a write: added, deleted or edited by which side is missing. */
export function entryOf<R>(
  resource_type: string,
  before: R | null,
  after: R | null,
  describe: (record: R) => { id: string | null; primary_name: string | null; [detail: string]: unknown },
): ActionEntry[] {
  const record = after ?? before;
  if (!record) return [];
  const { id, ...context } = describe(record);
  const event: ActionEvent = before === null ? 'added' : after === null ? 'deleted' : 'edited';
  return [{ resource_type, resource_id: id, event, context: { type: resource_type, ...context } }];
}
