import type { Counted } from '../../storage/storage';
import type { TagRow } from '../../storage/rows';
import { urls } from '../shared/urls';
import { answerPlan, planAnswer, type AnswerPlan } from '../shared/answer-plan';
import { dateFor, type SerializeContext } from '../shared/serialize-context';
import { TAG_FIELDS } from './fields';
import { showsParent, tagView, type TagShape } from './shapes';

export type { TagShape } from './shapes';

type ComputedName = Extract<(typeof TAG_FIELDS)[number], { computed: true }>['name'];

/** The fields fields.ts marks `computed`, by name. */
const COMPUTED: Record<ComputedName, (tag: TagRow, ctx: SerializeContext) => unknown> = {
  url: (tag, ctx) => urls.tag(ctx.site, tag.slug),
};

interface Plan extends AnswerPlan {
  parent: boolean;
}

/** One plan per API, version and shape: a dozen at most. */
const plans: Partial<Record<string, Plan>> = {};

function planFor(ctx: SerializeContext, shape: TagShape): Plan {
  const name = ctx.api + ctx.version + shape;
  return (plans[name] ??= makePlan(ctx, shape));
}

function makePlan(ctx: SerializeContext, shape: TagShape): Plan {
  const parent = showsParent(ctx, shape);
  return { ...answerPlan(TAG_FIELDS, tagView(ctx, shape), ctx.version, parent ? ['parent'] : []), parent };
}

/**
 * A tag as the API shows it (contract §2.5, §2.10; fields.ts says which fields). `nested`: inside a
 * post's `tags`; `primary`: a post's `primary_tag`.
 */
export function serializeTag(tag: TagRow & Counted, ctx: SerializeContext, shape: TagShape = 'full'): Record<string, unknown> {
  const plan = planFor(ctx, shape);
  const out = planAnswer(plan, tag, dateFor(ctx), (key) => COMPUTED[key as ComputedName](tag, ctx));
  if (plan.parent) out.parent = tag.parent_id;
  if (tag.count_posts !== undefined) out.count = { posts: tag.count_posts };
  return out;
}
