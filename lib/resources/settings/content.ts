import type { RouteDef } from '../../core/context';
import { json } from '../../core/answer';
import { dependsOn, keys } from '../../read-model/keys';
import { contentSettings } from './serialize';

/** Content `settings/`: one public object (contract §2.10); every query parameter but `key` is ignored. */
export const contentSettingsRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: 'settings/',
    api: 'content',
    auth: 'content',
    async handle(ctx) {
      const settings = contentSettings(await ctx.app.storage.settings.all(), ctx.version, ctx.app.options.url);
      return json(200, { settings, meta: {} }, dependsOn([keys.settings]));
    },
  },
];
