import type { RouteDef } from '../../core/context';
import { json } from '../../core/answer';
import { siteInfo } from '../settings/serialize';

/** `GET site/`: no authentication (contract §5.1); which settings each version shows is in lib/resources/settings/fields.ts. */
export const siteRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: 'site/',
    api: 'admin',
    auth: 'public',
    async handle(ctx) {
      return json(200, { site: siteInfo(await ctx.app.storage.settings.all(), ctx.version, ctx.app.options.url) });
    },
  },
];
