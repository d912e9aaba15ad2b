import type { Actor, RouteDef } from '../../core/context';
import { noPermission, validation } from '../../core/errors';
import { json } from '../../core/answer';
import { readMultipart } from '../../files/multipart';
import { exportGhost } from '../../ghost/export';
import { importGhost } from '../../ghost/import';

/** Only Owner and Administrator sessions move the whole site in or out; never an integration's token. */
function assertStaffAdmin(actor: Actor | null): void {
  if (actor?.kind !== 'user' || (actor.role !== 'Owner' && actor.role !== 'Administrator')) {
    throw noPermission('Only the Owner and Administrators may export or import the site.');
  }
}

/** The site as a Ghost-format export, and a Ghost export into the site (lib/ghost). */
export const dbRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: 'db/',
    api: 'admin',
    auth: 'admin',
    permission: { resource: 'db', action: 'exportContent' },
    async handle(ctx) {
      assertStaffAdmin(ctx.actor);
      const date = ctx.app.now().toISOString().slice(0, 10);
      return {
        status: 200,
        body: exportGhost(ctx.app),
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': `attachment; filename="${ctx.app.options.name}.ghost.${date}.json"`,
          'cache-control': 'no-store',
        },
      };
    },
  },
  {
    method: 'POST',
    path: 'db/',
    api: 'admin',
    auth: 'admin',
    permission: { resource: 'db', action: 'importContent' },
    async handle(ctx) {
      assertStaffAdmin(ctx.actor);
      const form = await readMultipart(ctx.head, { fileField: 'importfile', fileBytes: ctx.app.options.limits.importBytes });
      if (!form.file || form.file.data.length === 0) throw validation('Please select a Ghost export (.json or .zip) to import.', { property: 'importfile' });
      const result = await importGhost(ctx.app, { data: form.file.data });
      return json(200, { db: [], problems: result.problems, imported: result.imported });
    },
  },
];
