import { createTestSite, body, type TestSite } from '../helpers/service';
import { OWNER, sessionClient, type SessionClient } from './helpers';
import type { ServiceOptions } from '../../lib';

export type Role = 'Owner' | 'Administrator' | 'Editor' | 'Author' | 'Contributor';

export interface StaffSite extends TestSite {
  as: Record<Role, SessionClient>;
  ids: Record<Role, string>;
  passwords: Record<Role, string>;
  emails: Record<Role, string>;
}

/** A test site with one signed-in user of every role. */
export async function createStaffSite(options: ServiceOptions = {}): Promise<StaffSite> {
  const site = await createTestSite(options);
  const as = {} as Record<Role, SessionClient>;
  const ids = {} as Record<Role, string>;
  const passwords = { Owner: OWNER.password } as Record<Role, string>;
  const emails = { Owner: OWNER.email } as Record<Role, string>;
  as.Owner = sessionClient(site.service, { address: '192.0.2.1' });
  await as.Owner.login(OWNER.email, OWNER.password);
  ids.Owner = site.owner.id as string;
  let n = 2;
  for (const role of ['Administrator', 'Editor', 'Author', 'Contributor'] as const) {
    emails[role] = `${role.slice(0, 3).toLowerCase()}@example.com`;
    passwords[role] = `${role.slice(0, 3)}-secret-words-9`;
    const res = await as.Owner.post('users/', { users: [{ name: `${role} Person`, email: emails[role], password: passwords[role], roles: [role] }] });
    if (res.status !== 201) throw new Error(`could not create the ${role}: ${JSON.stringify(await body(res))}`);
    ids[role] = (await body(res)).users[0].id;
    as[role] = sessionClient(site.service, { address: `192.0.2.${n++}` });
    const login = await as[role].login(emails[role], passwords[role]);
    if (login.status !== 201) throw new Error(`the ${role} could not sign in`);
  }
  return { ...site, as, ids, passwords, emails };
}
