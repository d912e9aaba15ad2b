import { readJson } from '../../http/body';
import { ApiError } from '../../core/errors';
import type { RouteDef } from '../../core/context';
import type { Stores } from '../../storage/storage';
import { json } from '../../core/answer';
import { firstOf } from '../shared/envelope';
import { serializeUser } from '../users/serialize';
import { runSetup } from './operations';

async function setupDone(stores: Stores): Promise<boolean> {
  return (await stores.settings.get('setup_done')) === 'true' || (await stores.users.count()) > 0;
}

/** First run, as the reference's admin client does it: whether setup is done, and creating the Owner once. */
export const setupRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: 'authentication/setup/',
    api: 'admin',
    auth: 'public',
    async handle(ctx) {
      return json(200, { setup: [{ status: await setupDone(ctx.app.storage) }] });
    },
  },
  {
    method: 'POST',
    path: 'authentication/setup/',
    api: 'admin',
    auth: 'public',
    async handle(ctx) {
      // refused before anything about the body is looked at; runSetup checks again inside its transaction
      if (await setupDone(ctx.app.storage)) throw new ApiError('NoPermissionError', 'Setup has already been completed.', { code: 'SETUP_DONE' });
      const item = firstOf(await readJson(ctx.head, ctx.app.options.limits.jsonBodyBytes), 'setup');
      const { blogTitle, ...rest } = item;
      const user = await runSetup(ctx.app, blogTitle === undefined ? rest : { ...rest, title: blogTitle });
      return json(201, { users: [serializeUser(user, { api: 'admin', version: ctx.version, site: ctx.app.options.url })] });
    },
  },
];
