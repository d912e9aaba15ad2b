import Router from 'find-my-way';
import type { Api, Method, RouteDef, Version } from '../core/context';
import { VERSIONS } from '../core/context';

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

export type Lookup =
  | { kind: 'match'; match: RouteMatch; api: Api; version: Version }
  | { kind: 'method-not-allowed'; allow: Method[]; api: Api; version: Version }
  | { kind: 'not-found'; api?: Api; version?: Version };

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'DELETE'];

/** One find-my-way table per API × version, under `/<name>/api/<version>/<api>/`. */
export class ApiRouter {
  private readonly tables = new Map<string, Router.Instance<Router.HTTPVersion.V1>>();
  private readonly prefix: string;

  constructor(name: string, routes: RouteDef[]) {
    this.prefix = `/${name}/api/`;
    for (const route of routes) {
      for (const version of route.versions ?? VERSIONS) {
        const key = `${route.api}/${version}`;
        let table = this.tables.get(key);
        if (!table) {
          // slugs reach 191 characters, percent-encoded several times that
          table = Router({ maxParamLength: 2048, caseSensitive: true, ignoreTrailingSlash: false });
          this.tables.set(key, table);
        }
        table.on(route.method, `/${route.path}`, () => undefined, route);
      }
    }
  }

  /** Whether a path is under this service's API prefix at all. */
  owns(pathname: string): boolean {
    return pathname.startsWith(this.prefix);
  }

  /**
   * Why an address under the API prefix names no served version: none at all (`/<name>/api/admin/…`,
   * what the reference's SDKs call from version 5.0), or one this server does not speak
   * (`/<name>/api/v4/…`, `…/v5.0/…`, `…/canary/…`). Null when it names a served version, or no API.
   */
  versionProblem(pathname: string): string | null {
    if (!pathname.startsWith(this.prefix)) return null;
    const [first, second] = pathname.slice(this.prefix.length).split('/', 2);
    const speaks = `this server speaks ${VERSIONS.slice(0, -1).join(', ')} and ${VERSIONS[VERSIONS.length - 1]}`;
    const latest = VERSIONS[VERSIONS.length - 1];
    const advice = (api: string) => `set \`version: '${latest}.0'\` in the client, which then calls ${this.prefix}${latest}/${api}/`;
    if (first === 'admin' || first === 'content') {
      return `The ${first === 'admin' ? 'Admin' : 'Content'} API is served under a version: ${speaks}; ${advice(first)}.`;
    }
    if ((second === 'admin' || second === 'content') && !(VERSIONS as readonly string[]).includes(first)) {
      const shown = first.length > 20 ? `${first.slice(0, 20)}…` : first;
      return `API version ${JSON.stringify(shown)} is not served: ${speaks}; ${advice(second)}.`;
    }
    return null;
  }

  lookup(method: Method, pathname: string): Lookup {
    if (!pathname.startsWith(this.prefix)) return { kind: 'not-found' };
    const rest = pathname.slice(this.prefix.length);
    const [version, api] = rest.split('/', 2);
    const table = this.tables.get(`${api}/${version}`);
    if (!table) return { kind: 'not-found' };
    const inner = rest.slice(version.length + 1 + api.length);
    const v = version as Version;
    const a = api as Api;
    const found = safeFind(table, method, inner);
    if (found) return { kind: 'match', match: found, api: a, version: v };
    const allow = METHODS.filter((m) => m !== method && safeFind(table, m, inner));
    if (allow.length) return { kind: 'method-not-allowed', allow, api: a, version: v };
    return { kind: 'not-found', api: a, version: v };
  }
}

function safeFind(table: Router.Instance<Router.HTTPVersion.V1>, method: Method, path: string): RouteMatch | null {
  let found: Router.FindResult<Router.HTTPVersion.V1> | null;
  try {
    found = table.find(method, path);
  } catch {
    return null; // malformed percent-encoding: no route can match it
  }
  if (!found) return null;
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(found.params)) if (v !== undefined) params[k] = v;
  return { route: found.store as RouteDef, params };
}
