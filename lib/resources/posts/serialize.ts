import type { PostRow, TagRow, UserWithRoles } from '../../storage/rows';
import type { PublicAuthor } from '../../storage/storage';
import { excerptOf } from '../../content';
import { serializeTag } from '../tags/serialize';
import { serializeAuthor, serializeUser } from '../users/serialize';
import type { OutputOptions } from '../../http/output';
import { pickFields } from '../../http/output';
import { urls } from '../shared/urls';
import { shown } from '../shared/fields';
import { dateFor, type SerializeContext } from '../shared/serialize-context';
import { POST_FIELDS } from './fields';

export interface PostRelationsOf {
  tags?: TagRow[];
  /** Staff users for the Admin API; the Content API's relations carry public columns only. */
  authors?: readonly (UserWithRoles | PublicAuthor)[];
}

function serializePostAuthor(author: UserWithRoles | PublicAuthor, ctx: SerializeContext): Record<string, unknown> {
  return 'roles' in author ? serializeUser(author, ctx) : serializeAuthor(author, ctx);
}

/** What the values made for the answer read besides the row. */
interface Making {
  relations: PostRelationsOf;
  ctx: SerializeContext;
  output: OutputOptions;
  /** The Content API lists non-public posts without their body (reference-behaviour §7). */
  hideBody: boolean;
}

type ComputedName = Extract<(typeof POST_FIELDS)[number], { computed: true }>['name'];

/** The fields fields.ts marks `computed`, by name: each makes its value for one answer. */
const COMPUTED: Record<ComputedName, (post: PostRow, m: Making) => unknown> = {
  tags: (_post, m) => (m.relations.tags ?? []).map((tag) => serializeTag(tag, m.ctx, 'nested')),
  authors: (_post, m) => (m.relations.authors ?? []).map((author) => serializePostAuthor(author, m.ctx)),
  primary_author: (_post, m) => {
    const first = m.relations.authors?.[0];
    return m.output.include.has('authors') && first ? serializePostAuthor(first, m.ctx) : null;
  },
  primary_tag: (_post, m) => {
    const first = m.relations.tags?.[0];
    return m.output.include.has('tags') && first && first.visibility === 'public' ? serializeTag(first, m.ctx, 'primary') : null;
  },
  url: (post, m) => urls.post(m.ctx.site, post),
  page: (post) => post.type === 'page',
  excerpt: (post, m) => (m.hideBody ? '' : excerptOf(post.plaintext ?? '', post.custom_excerpt)),
  email: () => null,
  frontmatter: () => null,
  // without members, a reader has access to what is public only
  access: (post) => post.visibility === 'public',
  comments: () => false,
};

const Kind = { Column: 0, Date: 1, Body: 2, Computed: 3 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

interface Step {
  key: string;
  kind: Kind;
  make?: (post: PostRow, m: Making) => unknown;
}

interface Plan {
  steps: readonly Step[];
  /** Every key of the answer in order, each null: an answer starts as a copy (see serializePost). */
  template: Record<string, unknown>;
}

/** One plan per API, version, formats and included relations; there are a few dozen at most. */
const plans = new Map<string, Plan>();

/** The plan of the last call: a list's posts share one request's output options. */
let last: { output: OutputOptions; api: string; version: string; plan: Plan } | null = null;

function planFor(ctx: SerializeContext, output: OutputOptions): Plan {
  if (last && last.output === output && last.api === ctx.api && last.version === ctx.version) return last.plan;
  const plan = makePlan(ctx, output);
  last = { output, api: ctx.api, version: ctx.version, plan };
  return plan;
}

function makePlan(ctx: SerializeContext, output: OutputOptions): Plan {
  const withTags = output.include.has('tags');
  const withAuthors = output.include.has('authors');
  const formats = output.formats;
  const name = `${ctx.api} ${ctx.version} ${formats.has('mobiledoc') ? 'm' : ''}${formats.has('html') ? 'h' : ''}${formats.has('plaintext') ? 'p' : ''} ${withTags ? 't' : ''}${withAuthors ? 'a' : ''}`;
  const known = plans.get(name);
  if (known) return known;
  const steps: Step[] = [];
  for (const field of POST_FIELDS) {
    if (!shown(field, ctx.api, ctx.version)) continue;
    if ('body' in field && !formats.has(field.body === 'source' ? 'mobiledoc' : field.name)) continue;
    if ((field.name === 'tags' && !withTags) || (field.name === 'authors' && !withAuthors)) continue;
    if ('computed' in field) steps.push({ key: field.name, kind: Kind.Computed, make: COMPUTED[field.name] });
    else if ('body' in field) steps.push({ key: field.name, kind: Kind.Body });
    else steps.push({ key: field.name, kind: 'sql' in field && field.sql === 'timestamptz' ? Kind.Date : Kind.Column });
  }
  // parsed rather than built key by key: JSON.parse makes an object with fast properties at once
  const template = JSON.parse(`{${steps.map((step) => `"${step.key}":null`).join(',')}}`) as Record<string, unknown>;
  const plan = { steps, template };
  plans.set(name, plan);
  return plan;
}

/** A post or page as the Admin or Content API shows it (contract §2.3, §2.10); its fields are fields.ts's. */
export function serializePost(post: PostRow, relations: PostRelationsOf, ctx: SerializeContext, output: OutputOptions): Record<string, unknown> {
  const content = ctx.api === 'content';
  const date = dateFor(ctx);
  const making: Making = { relations, ctx, output, hideBody: content && post.visibility !== 'public' };
  const { steps, template } = planFor(ctx, output);
  const row = post as unknown as Record<string, unknown>;

  // The answer starts as a copy of the plan's template, which has every key in order, so each step
  // only sets a value: adding this many keys one by one, or by Object.assign, can make V8 turn the
  // object into a slow hash table, which JSON.stringify then walks slowly too.
  const out: Record<string, unknown> = { ...template };
  for (const step of steps) {
    switch (step.kind) {
      case Kind.Column:
        out[step.key] = row[step.key];
        break;
      case Kind.Date:
        out[step.key] = date(row[step.key] as Date | null);
        break;
      case Kind.Body:
        out[step.key] = making.hideBody ? '' : step.key === 'plaintext' ? (post.plaintext ?? '') : row[step.key];
        break;
      case Kind.Computed:
        out[step.key] = (step.make as (post: PostRow, m: Making) => unknown)(post, making);
        break;
    }
  }
  const keep = [
    output.include.has('tags') && content ? ['tags', 'primary_tag'] : [],
    output.include.has('authors') && content ? ['authors', 'primary_author'] : [],
  ].flat();
  return pickFields(out, output.fields, keep);
}
