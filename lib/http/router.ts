import Router from 'find-my-way';
import type { Api, Method, RouteDef, Version } from '../core/context';
import { VERSIONS, versionSegment } from '../core/context';
import { unservedFeature } from './unserved-features';

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

export type Lookup =
  | { kind: 'match'; match: RouteMatch; api: Api; version: Version }
  | { kind: 'method-not-allowed'; allow: Method[]; api: Api; version: Version }
  /** `feature`: the reference's feature the address belongs to, which pressroom does not serve (lib/http/unserved-features.ts). */
  | { kind: 'not-found'; api?: Api; version?: Version; feature?: string };

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'DELETE'];
const isApi = (segment: string | undefined): segment is Api => segment === 'admin' || segment === 'content';
/** The versions an address names by a segment (`v2`, `v3`); v5 is served at the unversioned roots only. */
const BY_SEGMENT = new Map(VERSIONS.filter((version) => versionSegment(version) !== '').map((version) => [version as string, version]));

/** What an address under the API prefix names: its API, its version, and the rest after the API root, from its `/`. */
interface Located {
  api: Api;
  version: Version;
  inner: string;
}

/** One find-my-way table per API × version: `/<name>/api/v2|v3/<api>/`, and v5 at `/<name>/api/<api>/`. */
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

  private locate(pathname: string): Located | null {
    if (!pathname.startsWith(this.prefix)) return null;
    const rest = pathname.slice(this.prefix.length);
    const [first, second] = rest.split('/', 2);
    if (isApi(first)) return { api: first, version: 'v5', inner: rest.slice(first.length) };
    const version = BY_SEGMENT.get(first);
    if (version === undefined || !isApi(second)) return null;
    return { api: second, version, inner: rest.slice(first.length + 1 + second.length) };
  }

  /**
   * Why an address under the API prefix names no served version: one this server does not speak
   * (`/<name>/api/v4/…`, `…/v5/…`, `…/v5.0/…`, `…/canary/…`). Null when it names a served version, or no API.
   */
  versionProblem(pathname: string): string | null {
    if (!pathname.startsWith(this.prefix)) return null;
    const [first, second] = pathname.slice(this.prefix.length).split('/', 2);
    if (isApi(first) || !isApi(second) || BY_SEGMENT.has(first)) return null;
    const shown = first.length > 20 ? `${first.slice(0, 20)}…` : first;
    return (
      `API version ${JSON.stringify(shown)} is not served: v5 clients (the reference's SDKs from 5.0) call ${this.prefix}${second}/, ` +
      `with no version in the address; v3 clients set \`version: 'v3.0'\`, which calls ${this.prefix}v3/${second}/; v2 is served at ${this.prefix}v2/${second}/.`
    );
  }

  lookup(method: Method, pathname: string): Lookup {
    const located = this.locate(pathname);
    if (!located) return { kind: 'not-found' };
    const { api, version, inner } = located;
    const table = this.tables.get(`${api}/${version}`);
    const found = table && safeFind(table, method, inner);
    if (found) return { kind: 'match', match: found, api, version };
    const allow = table ? METHODS.filter((m) => m !== method && safeFind(table, m, inner)) : [];
    if (allow.length) return { kind: 'method-not-allowed', allow, api, version };
    return { kind: 'not-found', api, version, feature: unservedFeature(api, inner.slice(1)) ?? undefined };
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
