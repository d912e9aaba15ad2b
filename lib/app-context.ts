// What AppContext and ActingUser (lib/core/context.ts) hold beyond the core: the storage, the resolved
// options, the event bus and the read model, and the user's row. The core cannot import these types (it is the bottom
// layer), so they are merged into its interfaces here, the one place that names them all.
import type { EventBus } from './events/bus';
import type { ResolvedOptions } from './options';
import type { UserWithRoles } from './storage/rows';
import type { Storage } from './storage/storage';
import type { ReadModel } from './read-model/read-model';

declare module './core/context' {
  interface AppContext {
    storage: Storage;
    options: ResolvedOptions;
    events: EventBus;
    /** What the Content API keeps between requests, and what it depends on (lib/read-model). */
    readModel: ReadModel;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the row's fields
  interface ActingUser extends UserWithRoles {}
}

export type { AppContext, ActingUser } from './core/context';
