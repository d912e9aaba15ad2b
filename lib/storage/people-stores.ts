import type { NqlNode } from '../nql';
import type { ActionRow, ActionWithActor, InviteRow, PasswordResetRow } from './people-rows';
import type { BrowseResult, PageRequest } from './paging';

export interface InviteStore {
  /** Null when an invitation for that email (compared case-insensitively) exists. */
  insert(row: InviteRow): Promise<InviteRow | null>;
  /** Every invitation, newest first, expired ones too (the reference lists them until deleted). */
  browse(page: PageRequest): Promise<BrowseResult<InviteRow>>;
  findById(id: string): Promise<InviteRow | null>;
  findByEmail(email: string): Promise<InviteRow | null>;
  /** The unexpired invitation with this token hash. */
  findByTokenHash(tokenHash: string, now: Date): Promise<InviteRow | null>;
  setStatus(id: string, status: InviteRow['status'], now: Date): Promise<void>;
  /** The deleted row; null when it was gone already (so of two concurrent uses, one wins). */
  take(id: string): Promise<InviteRow | null>;
  /** Deletes invitations that expired before `before`; returns how many. */
  purgeExpired(before: Date): Promise<number>;
}

export interface PasswordResetStore {
  /** Stores a reset; earlier ones of the same user stop working (one live link per user). */
  replace(row: PasswordResetRow): Promise<void>;
  /** The unexpired reset with this token hash, left in place. */
  find(tokenHash: string, now: Date): Promise<PasswordResetRow | null>;
  /** Deletes and returns the unexpired reset with this token hash: of two concurrent uses, one gets it. */
  take(tokenHash: string, now: Date): Promise<PasswordResetRow | null>;
  deleteForUser(userId: string): Promise<void>;
  purgeExpired(now: Date): Promise<number>;
}

export interface ActionQuery {
  /** Over resource_id, resource_type, actor_id, actor_type, event, created_at. */
  filter?: NqlNode | null;
  page: PageRequest;
  now: Date;
}

export interface ActionStore {
  insert(rows: ActionRow[]): Promise<void>;
  /** Newest first, each with its actor's name as it is now. */
  browse(query: ActionQuery): Promise<BrowseResult<ActionWithActor>>;
  /** Deletes actions created before `before`; returns how many. */
  purgeBefore(before: Date): Promise<number>;
}
