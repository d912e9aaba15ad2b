import type { Api, RouteContext, Version } from '../../core/context';
import { adminDate, contentDate } from './dates';

/** What shapes a serialised record: which API, which version, and the site it lives on. */
export interface SerializeContext {
  api: Api;
  version: Version;
  site: string;
}

export function dateFor(ctx: SerializeContext): (d: Date | null) => string | null {
  return ctx.api === 'content' ? contentDate : adminDate;
}

/** The serialise context of a request: its API and version, on this site. */
export function serializeContextOf(ctx: RouteContext): SerializeContext {
  return { api: ctx.api, version: ctx.version, site: ctx.app.options.url };
}
