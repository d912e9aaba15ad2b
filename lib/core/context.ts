// The bottom layer's vocabulary: what a route is, who calls it, and what it may use. The core imports
// nothing above it (not even types): the parts of AppContext and ActingUser that other folders
// implement (storage, options, events, the user's row) are added to these interfaces by
// lib/app-context.ts, which imports them. See the README's architecture section.
import type { Answer } from './answer';
import type { RequestHead } from './head';

export type Api = 'admin' | 'content';
/** `v2` and `v3` are served under `/<name>/api/v2|v3/<api>/`; `v5` at the unversioned roots `/<name>/api/<api>/`. */
export type Version = 'v2' | 'v3' | 'v5';
export const VERSIONS: readonly Version[] = ['v2', 'v3', 'v5'];

/** Whether a version shows what v3 added to v2's shapes: v3, and v5 (whose shapes are v3's until it has its own). */
export const showsV3Shapes = (version: Version): boolean => version !== 'v2';

/** Whether a version's post writes take `lexical` (issue 34: v5's do; v2 and v3 clients write mobiledoc): the one place that decides it. */
export const takesLexical = (version: Version): boolean => version === 'v5';

/** The segment naming `version` in an API address: `v3/` in `/<name>/api/v3/admin/`, nothing for v5's unversioned roots. */
export const versionSegment = (version: Version): string => (version === 'v5' ? '' : `${version}/`);

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who is making the request, once authenticated. */
export type Actor =
  | { kind: 'integration'; integrationId: string; apiKeyId: string }
  | {
      kind: 'user';
      user: ActingUser;
      role: string;
      sessionId?: string;
      /** A `Set-Cookie` the response should carry: the session slid forward and the browser's cookie must follow. */
      setCookie?: string;
    };

/** The signed-in user: its row with its roles (`UserWithRoles`, merged in by lib/app-context.ts). */
export interface ActingUser {
  id: string;
}

/**
 * Everything a resource may use; built once per service (lib/service.ts). `storage`, `options` and
 * `events` are merged in by lib/app-context.ts.
 */
export interface AppContext {
  now(): Date;
  /** Called after API keys were refreshed or deleted, so in-process caches of keys forget them at once. */
  keysChanged?: () => void;
}

export interface RouteContext {
  /** The request as the pipeline took it; its body is read only if the route asks (`head.body()`). */
  head: RequestHead;
  url: URL;
  api: Api;
  version: Version;
  params: Record<string, string>;
  query: URLSearchParams;
  actor: Actor | null;
  app: AppContext;
  /** The client's network address as the host gave it (`FetchContext`); undefined when it gave none. */
  clientAddress?: string;
}

/** `public`: no credentials; `admin`: token or session; `content`: a Content API key. */
export type AuthRequirement = 'public' | 'admin' | 'content';

export interface Permission {
  resource: string;
  action: string;
}

export interface RouteDef {
  method: Method;
  /** Relative to the API root, with a trailing slash, find-my-way syntax: `posts/:id/`. */
  path: string;
  api: Api;
  versions?: readonly Version[];
  auth: AuthRequirement;
  permission?: Permission;
  /** A Content API route whose answers are the requester's alone (previews): never kept by the read model, no validators or Cache-Tag. */
  uncached?: boolean;
  handle(ctx: RouteContext): Promise<Answer>;
}
