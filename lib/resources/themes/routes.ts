import type { RouteDef } from '../../core/context';
import { validation } from '../../core/errors';
import { json, noContent } from '../../core/answer';
import { readMultipart } from '../../files/multipart';
import { activateTheme, browseThemes, deleteTheme, uploadTheme } from './operations';

/**
 * Themes (reference-behaviour §10). Integrations may upload and activate; listing and deleting are for
 * staff users, which the permission check enforces.
 */
export const themeRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: 'themes/',
    api: 'admin',
    auth: 'admin',
    permission: { resource: 'themes', action: 'browse' },
    async handle(ctx) {
      return json(200, { themes: await browseThemes(ctx.app) });
    },
  },
  {
    method: 'POST',
    path: 'themes/upload/',
    api: 'admin',
    auth: 'admin',
    permission: { resource: 'themes', action: 'upload' },
    async handle(ctx) {
      const form = await readMultipart(ctx.head, { fileField: 'file', fileBytes: ctx.app.options.limits.themeBytes });
      if (!form.file || (form.file.filename === '' && form.file.data.length === 0)) {
        throw validation('Please select a theme zip file to upload.', { property: 'file' });
      }
      return json(200, { themes: [await uploadTheme(ctx.app, form.file, ctx.actor)] });
    },
  },
  {
    method: 'PUT',
    path: 'themes/:name/activate/',
    api: 'admin',
    auth: 'admin',
    permission: { resource: 'themes', action: 'activate' },
    async handle(ctx) {
      return json(200, { themes: [await activateTheme(ctx.app, ctx.params.name, ctx.actor)] });
    },
  },
  {
    method: 'DELETE',
    path: 'themes/:name/',
    api: 'admin',
    auth: 'admin',
    permission: { resource: 'themes', action: 'destroy' },
    async handle(ctx) {
      await deleteTheme(ctx.app, ctx.params.name, ctx.actor);
      return noContent();
    },
  },
];
