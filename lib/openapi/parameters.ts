import { z } from 'zod';
import { recordId } from '../resources/shared/response';
import type { QueryName } from './spec';

interface ParameterSpec {
  schema: z.ZodType;
  description: string;
}

/** The query parameters of contract §4.1 / §4.4 and reference-behaviour §7, as the service reads them. */
export const QUERY: Record<QueryName, ParameterSpec> = {
  include: {
    schema: z.string(),
    description:
      'Comma-separated relations to show with each record; it replaces the default set (on the Admin API, posts show tags and authors without it). Unknown values are ignored.',
  },
  fields: {
    schema: z.string(),
    description:
      'Comma-separated field names: only those fields (and those `include` asks for) are returned, so fields the ' +
      'record schema marks as required may then be absent. Unknown names are ignored; if none is known, every field is returned.',
  },
  formats: {
    schema: z.string(),
    description:
      'Comma-separated body formats to return: `html`, `mobiledoc`, `plaintext` (and `lexical` on v5, where the Admin API shows `lexical` and `mobiledoc` as `mobiledoc` does; the v5 Content API, as the reference, shows neither source format whatever is asked). Default: `mobiledoc` on the Admin API, `html` on the Content API. Another value → 422.',
  },
  filter: {
    schema: z.string(),
    description: 'An NQL expression (contract §4.5), URL-encoded. A malformed filter or an unknown property → 400.',
  },
  limit: {
    schema: z.union([z.int().nonnegative(), z.literal('all')]),
    description: 'Page size: a whole number (default 15, `0` means 15) or `all`. Another value → 422.',
  },
  page: {
    schema: z.int().min(1),
    description: 'Which page of `limit` records, from 1. A page past the end is an empty list. Another value → 422.',
  },
  search: {
    schema: z.string().min(1),
    description:
      'Full-text search: every word must match, `"a phrase"` its words in order, `-word` must not match, and the last word may be the start of a longer one. ' +
      'Ranked by relevance (title and tags first) unless `order` is given. Empty, without a word to find, or over 200 characters → 422. ' +
      '`include=search.headline` adds `search.headline`: a piece of the matching text, HTML-escaped, matches in `<mark>`. ' +
      '`meta.pagination.total` is counted where PostgreSQL expects at most 5,000 matches, else its estimate (exact on the last page).',
  },
  order: {
    schema: z.string(),
    description: 'Comma-separated `field asc|desc` clauses. Unknown fields and malformed clauses are ignored.',
  },
  source: {
    schema: z.enum(['html']),
    description: '`html`: the body supplies `html`, converted to mobiledoc (lossy); without it an `html` field is ignored.',
  },
  save_revision: {
    schema: z.enum(['1', 'true', '0', 'false']),
    description:
      '`1` (or `true`): an explicit save, which records a revision; without it, a `PUT` is an autosave (at most one revision per author per `revisions.autosaveIntervalMs`). Another value → 422.',
  },
  permissions: {
    schema: z.enum(['assign']),
    description: '`assign`: only the roles the caller may give someone.',
  },
};

/** Path parameters by name, as routes spell them (`posts/:id/`). */
export const PATH: Record<string, ParameterSpec> = {
  id: { schema: recordId, description: 'A record id: 24 lower-case hexadecimal characters. A malformed id → 422.' },
  keyid: { schema: recordId, description: 'The id of one of the integration’s API keys.' },
  slug: { schema: z.string().min(1), description: 'The record’s slug.' },
  name: { schema: z.string().min(1), description: 'The theme’s name.' },
  rid: { schema: recordId, description: 'The id of one of the post’s revisions.' },
  uuid: { schema: z.uuid(), description: 'The post’s uuid: whoever holds it may preview the post, whatever its status. Another value → 404.' },
};
