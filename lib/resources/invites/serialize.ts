import type { InviteRow } from '../../storage/people-rows';
import { adminDate } from '../shared/dates';

/** The reference's invite: `expires` in ms since the epoch; never the token nor its hash. */
export function serializeInvite(row: InviteRow) {
  return {
    id: row.id,
    role_id: row.role_id,
    status: row.status,
    email: row.email,
    expires: row.expires_at.getTime(),
    created_at: adminDate(row.created_at),
    created_by: row.created_by,
    updated_at: adminDate(row.updated_at),
    updated_by: row.created_by,
  };
}
