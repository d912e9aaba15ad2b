import { notFound } from '../../core/errors';
import type { RouteContext, RouteDef } from '../../core/context';
import { order, pagination, paginationMeta } from '../../http/query';
import { json } from '../../core/answer';
import { peopleAndTagKeys } from '../../read-model/keys';
import type { Counted, LookupOptions, PublicAuthor } from '../../storage/storage';
import type { UserWithRoles } from '../../storage/rows';
import { filterParam } from '../shared/filter';
import { requireId } from '../shared/ids';
import { outputOptions, pickFields } from '../../http/output';
import { serializeAuthor, serializeUser } from './serialize';

/** Admin `users/` and Content `authors/`: the same people, shown differently. */
function usersResource(api: 'admin' | 'content'): RouteDef[] {
  const root = api === 'admin' ? 'users' : 'authors';
  const notFoundMessage = api === 'admin' ? 'User not found.' : 'Author not found.';

  const countMode = (include: ReadonlySet<string>) => (include.has('count.posts') ? (api === 'content' ? ('published' as const) : ('all' as const)) : null);

  function present(ctx: RouteContext, users: (UserWithRoles & Counted)[] | (PublicAuthor & Counted)[]) {
    const { fields, include } = outputOptions(ctx);
    const sctx = { api: ctx.api, version: ctx.version, site: ctx.app.options.url };
    const serialize = (user: (UserWithRoles | PublicAuthor) & Counted) => ('roles' in user ? serializeUser(user, sctx) : serializeAuthor(user, sctx));
    return users.map((user) => pickFields(serialize(user), fields, include.has('count.posts') ? ['count'] : []));
  }

  async function readOne(ctx: RouteContext, find: (options: LookupOptions) => Promise<(UserWithRoles & Counted) | null>) {
    const { include } = outputOptions(ctx);
    const user = await find({ countPosts: countMode(include), withPublishedPosts: api === 'content' });
    if (!user) throw notFound(notFoundMessage);
    return json(200, { [root]: present(ctx, [user]) }, api === 'content' ? peopleAndTagKeys('authors', [user.id], false) : {});
  }

  const browse = async (ctx: RouteContext) => {
    const { include } = outputOptions(ctx);
    const page = pagination(ctx.query);
    const query = {
      filter: filterParam(ctx.query),
      order: order(ctx.query),
      page: { limit: page.limit, offset: page.limit === null ? 0 : (page.page - 1) * page.limit },
      now: ctx.app.now(),
      countPosts: countMode(include),
    };
    // the Content API shows no roles and no staff columns: it reads none
    const result = api === 'content' ? await ctx.app.storage.users.browseAuthors(query) : await ctx.app.storage.users.browse(query);
    const headers =
      api === 'content'
        ? peopleAndTagKeys(
            'authors',
            result.rows.map((row) => row.id),
            true,
          )
        : {};
    return json(200, { [root]: present(ctx, result.rows), meta: paginationMeta(page, result.total) }, headers);
  };

  const auth = api === 'admin' ? { api, auth: 'admin' as const } : { api, auth: 'content' as const };
  const permission = (action: string) => (api === 'admin' ? { permission: { resource: 'users', action } } : {});

  return [
    { method: 'GET', path: `${root}/`, ...auth, ...permission('browse'), handle: browse },
    {
      method: 'GET',
      path: `${root}/:id/`,
      ...auth,
      ...permission('read'),
      handle: (ctx) => readOne(ctx, (options) => ctx.app.storage.users.findById(requireId(ctx.params.id), options)),
    },
    {
      method: 'GET',
      path: `${root}/slug/:slug/`,
      ...auth,
      ...permission('read'),
      handle: (ctx) => readOne(ctx, (options) => ctx.app.storage.users.findBySlug(ctx.params.slug ?? '', options)),
    },
  ];
}

export const userRoutes: RouteDef[] = [...usersResource('admin'), ...usersResource('content')];
