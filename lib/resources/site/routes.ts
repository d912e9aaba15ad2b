import { showsV3Shapes, type RouteDef } from '../../core/context';
import { json } from '../../core/answer';
import { VERSION } from '../../version';

/** `GET site/`: no authentication (contract §5.1); v3 (and v5) add description and logo. */
export const siteRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: 'site/',
    api: 'admin',
    auth: 'public',
    async handle(ctx) {
      const settings = await ctx.app.storage.settings.all();
      const site: Record<string, unknown> = { title: settings.get('title') ?? '' };
      if (showsV3Shapes(ctx.version)) {
        site.description = settings.get('description') ?? '';
        site.logo = settings.get('logo') ?? null;
      }
      site.url = `${ctx.app.options.url}/`;
      site.version = VERSION.split('.').slice(0, 2).join('.');
      return json(200, { site });
    },
  },
];
