import type { Counted, PublicAuthor } from '../../storage/storage';
import type { RoleRow, UserWithRoles } from '../../storage/rows';
import { urls } from '../shared/urls';
import { answerPlan, planAnswer, type AnswerPlan } from '../shared/answer-plan';
import { dateFor, type SerializeContext } from '../shared/serialize-context';
import { USER_FIELDS } from './fields';

export function serializeRole(role: RoleRow, ctx: SerializeContext): Record<string, unknown> {
  const date = dateFor(ctx);
  return { id: role.id, name: role.name, description: role.description, created_at: date(role.created_at), updated_at: date(role.updated_at) };
}

type ComputedName = Extract<(typeof USER_FIELDS)[number], { computed: true }>['name'];
type Shown = PublicAuthor | UserWithRoles;

/** The fields fields.ts marks `computed`, by name; `roles` is the Admin API's only, so its users have them. */
const COMPUTED: Record<ComputedName, (user: Shown, ctx: SerializeContext) => unknown> = {
  threads: () => null,
  bluesky: () => null,
  mastodon: () => null,
  tiktok: () => null,
  youtube: () => null,
  instagram: () => null,
  linkedin: () => null,
  url: (user, ctx) => urls.author(ctx.site, user.slug),
  roles: (user, ctx) => (user as UserWithRoles).roles.map((role) => serializeRole(role, ctx)),
};

/** One plan per API and version. */
const plans: Partial<Record<string, AnswerPlan>> = {};

function planFor(ctx: SerializeContext): AnswerPlan {
  return (plans[ctx.api + ctx.version] ??= answerPlan(USER_FIELDS, ctx.api, ctx.version));
}

function serialize(user: Shown & Counted, ctx: SerializeContext): Record<string, unknown> {
  const out = planAnswer(planFor(ctx), user, dateFor(ctx), (key) => COMPUTED[key as ComputedName](user, ctx));
  if (user.count_posts !== undefined) out.count = { posts: user.count_posts };
  return out;
}

/** An author as the Content API shows it: public columns only (fields.ts). */
export function serializeAuthor(user: PublicAuthor & Counted, ctx: SerializeContext): Record<string, unknown> {
  return serialize(user, ctx.api === 'content' ? ctx : { ...ctx, api: 'content' });
}

/** A staff user as the Admin API shows it, or an author as the Content API does. Never the password hash. */
export function serializeUser(user: UserWithRoles & Counted, ctx: SerializeContext): Record<string, unknown> {
  return serialize(user, ctx);
}
