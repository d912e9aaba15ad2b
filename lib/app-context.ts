// What AppContext and ActingUser (lib/core/context.ts) hold beyond the core: the storage, the resolved
// options and the event bus, and the user's row. The core cannot import these types (it is the bottom
// layer), so they are merged into its interfaces here, the one place that names them all.
import type { EventBus } from './events/bus';
import type { ResolvedOptions } from './options';
import type { UserWithRoles } from './storage/rows';
import type { Storage } from './storage/storage';

declare module './core/context' {
  interface AppContext {
    storage: Storage;
    options: ResolvedOptions;
    events: EventBus;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the row's fields
  interface ActingUser extends UserWithRoles {}
}

export type { AppContext, ActingUser } from './core/context';
