// The admin client as the sources are now, built once for the whole browser run: every file's service
// serves what this build writes (lib/admin-client/generated/bundle.ts). Each file built it again before.
import { buildAdminClient } from '../../scripts/build-admin-client';

export default async function buildOnce(): Promise<void> {
  await buildAdminClient();
}
