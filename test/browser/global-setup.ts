// The admin client as the sources are now, built once for the whole browser run (and again before each
// rerun in watch mode): every file's service serves what this build writes
// (lib/admin-client/generated/bundle.ts). Each file built it again before.
import type { TestProject } from 'vitest/node';
import { buildAdminClient } from '../../scripts/build-admin-client';

export default async function buildOnce(project: TestProject): Promise<void> {
  await buildAdminClient();
  project.onTestsRerun(async () => void (await buildAdminClient()));
}
