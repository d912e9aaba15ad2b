// Clients of a test site's unversioned v5 roots (issue 34): the Admin API signed with an `aud` of
// `/admin/`, as the reference's v5 tokens are, and the Content API with the site's key. `root` names
// another Content root (`v3/content`) for a test that compares the two.
import { adminToken, BASE, type TestSite } from './service';

export function v5Clients(site: () => TestSite) {
  async function admin(method: string, path: string, payload?: unknown): Promise<Response> {
    const token = await adminToken(site().adminKey, { aud: '/admin/' });
    const headers: Record<string, string> = { authorization: `Svc ${token}` };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    return site().service.fetch(
      new Request(`${BASE}/svc/api/admin/${path}`, { method, headers, body: payload === undefined ? undefined : JSON.stringify(payload) }),
    );
  }
  const content = (path: string, root = 'content'): Promise<Response> =>
    site().service.fetch(new Request(`${BASE}/svc/api/${root}/${path}${path.includes('?') ? '&' : '?'}key=${site().contentKey}`));
  return { admin, content };
}
