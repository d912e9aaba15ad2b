// pressroom-credentials.json: the Owner and integration `pressroom serve` created on its first start,
// kept in the site's folder (mode 600; site-layout.ts) so that restarts print the same keys.
import { chmod, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export const CREDENTIALS_FILE = 'pressroom-credentials.json';

export interface Credentials {
  ownerEmail: string;
  /** As generated on the first start, or set by `reset-password` since. */
  ownerPassword: string;
  /** The integration whose keys these are (files written before it was kept lack it). */
  integrationId?: string;
  adminKey: string;
  contentKey: string;
}

export async function readCredentials(file: string): Promise<Credentials | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return JSON.parse(text) as Credentials;
  } catch {
    throw new Error(`${file} is not valid JSON; move it away and run \`pressroom keys\` to see the keys.`);
  }
}

/** Private whatever the umask: the file 0600, replaced whole; its folder created 0700 if missing (an existing one keeps its mode). */
export async function writeCredentials(file: string, credentials: Credentials): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  await chmod(partial, 0o600);
  await rename(partial, file);
}

/** Narrows an existing credentials file to 0600; returns whether it had been wider. */
export async function privateFile(file: string): Promise<boolean> {
  const wide = ((await stat(file)).mode & 0o077) !== 0;
  if (wide) await chmod(file, 0o600);
  return wide;
}
