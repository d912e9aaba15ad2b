import type { AppContext, RouteContext, RouteDef } from '../../core/context';
import { jsonText, type Answer } from '../../core/answer';
import { buildDocument } from '../../openapi/document';

// Built on first request, once per service: the documents depend on its name and URL, not on data.
const built = new WeakMap<AppContext, Map<string, string>>();

/**
 * `GET openapi.json` on both APIs and versions. Public: the documents describe the API and reveal no
 * data, so the Content API's needs no key. `all` gives every route, this module's own included.
 */
export function openApiRoutes(all: () => readonly RouteDef[]): RouteDef[] {
  async function handle(ctx: RouteContext): Promise<Answer> {
    let documents = built.get(ctx.app);
    if (!documents) built.set(ctx.app, (documents = new Map()));
    const key = `${ctx.api}/${ctx.version}`;
    let text = documents.get(key);
    if (text === undefined) {
      const { name, adminUrl } = ctx.app.options;
      text = JSON.stringify(buildDocument(all(), ctx.api, ctx.version, { name, adminUrl }));
      documents.set(key, text);
    }
    return jsonText(200, text);
  }
  return [
    { method: 'GET', path: 'openapi.json', api: 'admin', auth: 'public', handle },
    { method: 'GET', path: 'openapi.json', api: 'content', auth: 'public', handle },
  ];
}
