// What only the operator, with the data in hand, may do: read every integration's keys, issue new
// ones, and set a staff user's password — below the API, which would need someone signed in.
import { hashPassword, passwordProblem } from '../auth/password';
import { findIntegration, refreshApiKey } from '../resources/integrations/manage';
import { createIntegration } from '../resources/integrations/operations';
import type { Storage } from '../storage/storage';
import { randomHex } from '../util/ids';

export interface IntegrationKeyLine {
  name: string;
  id: string;
  contentKey: string;
  adminKey: string;
}

const now = () => new Date();

async function keysOf(storage: Storage, id: string, name: string): Promise<IntegrationKeyLine> {
  const keys = await storage.integrations.apiKeys(id);
  const admin = keys.find((key) => key.type === 'admin');
  const content = keys.find((key) => key.type === 'content');
  return { name, id, contentKey: content?.secret ?? '', adminKey: admin ? `${admin.id}:${admin.secret}` : '' };
}

/** Every custom integration with its keys, oldest first. */
export async function listKeys(storage: Storage): Promise<IntegrationKeyLine[]> {
  const { rows } = await storage.integrations.browse({ limit: null, offset: 0 });
  const custom = rows.filter((row) => row.type === 'custom');
  return Promise.all(custom.map((row) => keysOf(storage, row.id, row.name)));
}

export async function newIntegration(storage: Storage, name: string): Promise<IntegrationKeyLine> {
  const { id } = await createIntegration({ storage, now }, { name });
  return keysOf(storage, id, name.trim());
}

/** New secrets for both keys of a custom integration; tokens and the content key made with the old ones stop working. */
export async function regenerateKeys(storage: Storage, integrationId: string): Promise<IntegrationKeyLine> {
  const integration = await storage.transaction(async (tx) => {
    const row = await findIntegration(tx, integrationId);
    for (const key of await tx.integrations.apiKeys(integrationId)) await refreshApiKey(tx, { now }, integrationId, key.id);
    return row;
  });
  return keysOf(storage, integration.id, integration.name);
}

/** A password the sign-in rules accept, for printing once. */
export function generatePassword(): string {
  return `pr-${randomHex(12)}`;
}

/**
 * Sets the password of the staff user with `email`, signs them out everywhere and lifts a sign-in
 * lock-out on that email. Returns a problem in words instead when there is no such user or the
 * password is too weak.
 */
export async function setPassword(storage: Storage, email: string, password: string, iterations: number): Promise<string | null> {
  const user = await storage.users.findByEmail(email.trim());
  if (!user) return `No staff user has the email ${email.trim()}.`;
  const title = (await storage.settings.get('title')) ?? undefined;
  const problem = passwordProblem(password, { email: user.email, title });
  if (problem) return problem;
  const hash = await hashPassword(password, iterations);
  await storage.transaction(async (tx) => {
    await tx.users.update(user.id, { password_hash: hash, updated_at: now() });
    await tx.sessions.deleteForUser(user.id);
  });
  await storage.rateLimits.clear(`login:email:${user.email.toLowerCase()}`);
  return null;
}
