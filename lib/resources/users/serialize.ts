import type { Counted, PublicAuthor } from '../../storage/storage';
import type { RoleRow, UserWithRoles } from '../../storage/rows';
import { urls } from '../shared/urls';
import { shown } from '../shared/fields';
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

const Kind = { Column: 0, Date: 1, Computed: 2 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

interface Plan {
  steps: readonly { key: string; kind: Kind }[];
  /** Every key of the answer in order, each null: an answer starts as a copy (posts/serialize.ts says why). */
  template: Record<string, unknown>;
}

/** One plan per API and version. */
const plans = new Map<string, Plan>();

function planFor(ctx: SerializeContext): Plan {
  const name = `${ctx.api} ${ctx.version}`;
  let plan = plans.get(name);
  if (plan) return plan;
  const steps: { key: string; kind: Kind }[] = [];
  for (const field of USER_FIELDS) {
    if (!shown(field, ctx.api, ctx.version)) continue;
    const kind = 'computed' in field ? Kind.Computed : 'sql' in field && field.sql === 'timestamptz' ? Kind.Date : Kind.Column;
    steps.push({ key: field.name, kind });
  }
  const template = JSON.parse(`{${steps.map((step) => `"${step.key}":null`).join(',')}}`) as Record<string, unknown>;
  plan = { steps, template };
  plans.set(name, plan);
  return plan;
}

function serialize(user: Shown & Counted, ctx: SerializeContext): Record<string, unknown> {
  const { steps, template } = planFor(ctx);
  const date = dateFor(ctx);
  const row = user as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = { ...template };
  for (const step of steps) {
    if (step.kind === Kind.Column) out[step.key] = row[step.key];
    else if (step.kind === Kind.Date) out[step.key] = date(row[step.key] as Date | null);
    else out[step.key] = COMPUTED[step.key as ComputedName](user, ctx);
  }
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
