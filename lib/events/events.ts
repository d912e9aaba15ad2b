import type { PostRow, TagRow, UserWithRoles } from '../storage/rows';
import type { EventName } from './names';

/** A post or page with its relations, as it stood before or after a change. */
export interface PostState {
  row: PostRow;
  tags: TagRow[];
  authors: UserWithRoles[];
}

export type DomainEvent =
  | { name: EventName & (`post.${string}` | `page.${string}`); kind: 'post'; before: PostState | null; after: PostState | null; tag?: TagRow }
  | { name: EventName & `tag.${string}`; kind: 'tag'; before: TagRow | null; after: TagRow | null }
  | { name: 'site.changed'; kind: 'site' };
