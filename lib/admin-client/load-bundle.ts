import type { AdminBundle } from './bundle';

/**
 * The built admin client, loaded on first use so that a service that never serves it never parses it.
 * Null when the client has not been built (a fresh clone before `npm run build`).
 */
export async function loadAdminBundle(): Promise<AdminBundle | null> {
  try {
    // eslint-disable-next-line @typescript-eslint/ban-ts-comment -- not @ts-expect-error: after a build there is no error to expect
    // @ts-ignore -- written by `npm run build`; absent (and then reported as not built) on a fresh clone
    const module = (await import('./generated/bundle')) as { bundle: AdminBundle };
    return module.bundle;
  } catch {
    return null;
  }
}
