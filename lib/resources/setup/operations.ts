import { newUserRow } from '../users/new-user';
import { z } from 'zod';
import { ApiError, validation } from '../../core/errors';
import type { AppContext } from '../../core/context';
import { hashPassword, passwordProblem } from '../../auth/password';
import type { UserWithRoles } from '../../storage/rows';
import { parseWith } from '../shared/validate';

export const setupInput = z.object({
  name: z.string().trim().min(1).max(191),
  email: z.email().max(191),
  password: z.string().max(1000),
  title: z.string().trim().min(1).max(150).optional(),
});

/** What `service.setup()` takes: the Owner and the site's title. */
export type SetupInput = z.infer<typeof setupInput>;

/** Creates the Owner, once. */
export async function runSetup(app: AppContext, raw: unknown): Promise<UserWithRoles> {
  const input = parseWith(setupInput, raw, 'setup');
  const problem = passwordProblem(input.password, { email: input.email, title: input.title });
  if (problem) throw validation(problem, { property: 'password' });
  const passwordHash = await hashPassword(input.password, app.options.auth.passwordIterations);
  const now = app.now();
  return app.storage.transaction(async (tx) => {
    if ((await tx.settings.get('setup_done')) === 'true' || (await tx.users.count()) > 0) {
      throw new ApiError('NoPermissionError', 'Setup has already been completed.', { code: 'SETUP_DONE' });
    }
    const owner = await tx.roles.findByName('Owner');
    if (!owner) throw new Error('the Owner role is missing: migrations did not run');
    const user = await tx.users.insert(
      await newUserRow(tx, now, { name: input.name, email: input.email, password_hash: passwordHash, fallbackSlug: 'owner' }),
      owner.id,
    );
    const settings = [{ key: 'setup_done', value: 'true' }];
    if (input.title) settings.push({ key: 'title', value: input.title });
    await tx.settings.set(settings, now);
    return user;
  });
}
