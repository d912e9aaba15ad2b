import type { Counted } from '../../storage/storage';
import type { TagRow } from '../../storage/rows';
import { urls } from '../shared/urls';
import { shown } from '../shared/fields';
import { dateFor, type SerializeContext } from '../shared/serialize-context';
import { TAG_FIELDS } from './fields';
import { showsParent, tagView, type TagShape } from './shapes';

export type { TagShape } from './shapes';

type ComputedName = Extract<(typeof TAG_FIELDS)[number], { computed: true }>['name'];

/** The fields fields.ts marks `computed`, by name. */
const COMPUTED: Record<ComputedName, (tag: TagRow, ctx: SerializeContext) => unknown> = {
  url: (tag, ctx) => urls.tag(ctx.site, tag.slug),
};

const Kind = { Column: 0, Date: 1, Computed: 2 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

interface Plan {
  steps: readonly { key: string; kind: Kind }[];
  parent: boolean;
  /** Every key of the answer in order, each null: an answer starts as a copy (posts/serialize.ts says why). */
  template: Record<string, unknown>;
}

/** One plan per API, version and shape: a dozen at most. */
const plans: Partial<Record<string, Plan>> = {};

function planFor(ctx: SerializeContext, shape: TagShape): Plan {
  const name = ctx.api + ctx.version + shape;
  return (plans[name] ??= makePlan(ctx, shape));
}

function makePlan(ctx: SerializeContext, shape: TagShape): Plan {
  const view = tagView(ctx, shape);
  const steps: { key: string; kind: Kind }[] = [];
  for (const field of TAG_FIELDS) {
    if (!shown(field, view, ctx.version)) continue;
    const kind = 'computed' in field ? Kind.Computed : 'sql' in field && field.sql === 'timestamptz' ? Kind.Date : Kind.Column;
    steps.push({ key: field.name, kind });
  }
  const parent = showsParent(ctx, shape);
  const keys = [...steps.map((step) => step.key), ...(parent ? ['parent'] : [])];
  const template = JSON.parse(`{${keys.map((key) => `"${key}":null`).join(',')}}`) as Record<string, unknown>;
  return { steps, parent, template };
}

/**
 * A tag as the API shows it (contract §2.5, §2.10; fields.ts says which fields). `nested`: inside a
 * post's `tags`; `primary`: a post's `primary_tag`.
 */
export function serializeTag(tag: TagRow & Counted, ctx: SerializeContext, shape: TagShape = 'full'): Record<string, unknown> {
  const { steps, parent, template } = planFor(ctx, shape);
  const date = dateFor(ctx);
  const row = tag as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = { ...template };
  for (const step of steps) {
    if (step.kind === Kind.Column) out[step.key] = row[step.key];
    else if (step.kind === Kind.Date) out[step.key] = date(row[step.key] as Date | null);
    else out[step.key] = COMPUTED[step.key as ComputedName](tag, ctx);
  }
  if (parent) out.parent = tag.parent_id;
  if (tag.count_posts !== undefined) out.count = { posts: tag.count_posts };
  return out;
}
