// The roles the signed-in user may give (roles/?permissions=assign), for the Staff screen's dialogs and the
// invitations section alike (staff.tsx, invites.tsx).
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import type { Role } from '../api-types';

/** The assignable roles, fetched once `enabled`; none while loading or when the request fails. */
export function useAssignableRoles(enabled: boolean): Role[] {
  const [roles, setRoles] = useState<Role[]>([]);
  useEffect(() => {
    if (enabled)
      api.get<{ roles: Role[] }>('roles/?permissions=assign').then(
        (r) => setRoles(r.roles),
        () => setRoles([]),
      );
  }, [enabled]);
  return roles;
}
