import type { Api, Version } from '../../core/context';
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
