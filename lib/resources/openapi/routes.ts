import type { AppContext, RouteContext, RouteDef } from '../../core/context';
import { bytesResponse } from '../../http/body-bytes';
import { buildDocument } from '../../openapi/document';

const encoder = new TextEncoder();

// Built on first request, once per service: the documents depend on its name and URL, not on data.
const built = new WeakMap<AppContext, Map<string, string>>();

/**
 * `GET openapi.json` on both APIs and versions. Public: the documents describe the API and reveal no
 * data, so the Content API's needs no key. `all` gives every route, this module's own included.
 */
export function openApiRoutes(all: () => readonly RouteDef[]): RouteDef[] {
  async function handle(ctx: RouteContext): Promise<Response> {
    let documents = built.get(ctx.app);
    if (!documents) built.set(ctx.app, (documents = new Map()));
    const key = `${ctx.api}/${ctx.version}`;
    let text = documents.get(key);
    if (text === undefined) {
      const { name, adminUrl } = ctx.app.options;
      text = JSON.stringify(buildDocument(all(), ctx.api, ctx.version, { name, adminUrl }));
      documents.set(key, text);
    }
    return bytesResponse(encoder.encode(text), { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });
  }
  return [
    { method: 'GET', path: 'openapi.json', api: 'admin', auth: 'public', handle },
    { method: 'GET', path: 'openapi.json', api: 'content', auth: 'public', handle },
  ];
}
