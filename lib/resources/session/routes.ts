import { readJson } from '../../http/body';
import type { RouteDef } from '../../core/context';
import { bodiless, json, noContent } from '../../core/answer';
import { endSession } from '../../auth/session';
import { serializeUser } from '../users/serialize';
import { signIn } from './operations';

/** Session authentication (contract §5.3, reference-behaviour §5). */
export const sessionRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: 'session/',
    api: 'admin',
    auth: 'public',
    async handle(ctx) {
      const body = await readJson(ctx.head, ctx.app.options.limits.jsonBodyBytes);
      const cookie = await signIn(ctx.app, ctx.head, body, ctx.clientAddress);
      return bodiless(201, { 'set-cookie': cookie });
    },
  },
  {
    method: 'GET',
    path: 'session/',
    api: 'admin',
    auth: 'admin',
    permission: { resource: 'session', action: 'read' },
    async handle(ctx) {
      if (ctx.actor?.kind !== 'user') throw new Error('session route reached without a user');
      const user = serializeUser(ctx.actor.user, { api: 'admin', version: ctx.version, site: ctx.app.options.url });
      // v5 answers with the user itself, as the reference's session serialiser passes its data through
      return json(200, ctx.version === 'v5' ? user : { users: [user] });
    },
  },
  {
    method: 'DELETE',
    path: 'session/',
    api: 'admin',
    auth: 'admin',
    permission: { resource: 'session', action: 'destroy' },
    async handle(ctx) {
      if (ctx.actor?.kind !== 'user' || !ctx.actor.sessionId) throw new Error('session route reached without a session');
      const cookie = await endSession(ctx.app, ctx.actor.sessionId);
      return noContent({ 'set-cookie': cookie });
    },
  },
];
