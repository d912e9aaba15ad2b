import { readJson } from '../../http/body';
import type { RouteContext, RouteDef } from '../../core/context';
import { json } from '../../core/answer';
import { firstOf } from '../shared/envelope';
import { requestPasswordReset, resetPassword } from './operations';

const body = (ctx: RouteContext) => readJson(ctx.head, ctx.app.options.limits.jsonBodyBytes);

/** "Forgot password?": a link by mail, then a new password with the link's token. */
export const passwordResetRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: 'authentication/password_reset/',
    api: 'admin',
    auth: 'public',
    async handle(ctx) {
      const message = await requestPasswordReset(ctx.app, firstOf(await body(ctx), 'password_reset'), ctx.clientAddress);
      return json(200, { password_reset: [{ message }] });
    },
  },
  {
    method: 'PUT',
    path: 'authentication/password_reset/',
    api: 'admin',
    auth: 'public',
    async handle(ctx) {
      await resetPassword(ctx.app, firstOf(await body(ctx), 'password_reset'));
      return json(200, { password_reset: [{ message: 'Password updated.' }] });
    },
  },
];
