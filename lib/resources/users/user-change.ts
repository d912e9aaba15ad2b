import type { UserWithRoles } from '../../storage/rows';

/**
 * What a staff write changed: its own file so that the activity log's entries
 * (lib/resources/shared/action-entries.ts) can name it without importing staff-operations.ts back.
 */
export interface UserChange {
  user: UserWithRoles | null;
  /** The user authors published posts and something the Content API shows of them changed. */
  publicChange: boolean;
  /** The user a deletion removed. */
  removed?: UserWithRoles;
}
