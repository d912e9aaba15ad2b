import { readJson } from '../../http/body';
import { validation } from '../../core/errors';
import type { RouteDef, Version } from '../../core/context';
import { json } from '../../core/answer';
import type { Stores } from '../../storage/storage';
import type { DomainEvent } from '../../events/events';
import { write } from '../shared/write';
import { recordActions } from '../../events/actions';
import { settingEntries } from '../shared/action-entries';
import { parseSettingEntry } from './admin-keys';
import { adminSettings, type SettingEntry } from './serialize';

async function readable(tx: Stores, version: Version): Promise<SettingEntry[]> {
  return adminSettings(await tx.settings.all(), version);
}

/** Every entry checked before anything is written: one bad key or value and nothing changes. */
function parseEntries(body: unknown, version: Version): { key: string; value: string | null }[] {
  const list = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).settings : undefined;
  if (!Array.isArray(list) || list.length === 0 || list.length > 200) {
    throw validation("No root key ('settings') provided, or it is not a list of {key, value}.", { property: 'settings' });
  }
  const entries = new Map<string, string | null>();
  for (const [index, item] of list.entries()) {
    const key = typeof item === 'object' && item !== null ? (item as Record<string, unknown>).key : undefined;
    if (typeof key !== 'string' || !('value' in item)) {
      throw validation(`Value in [settings.${index}] must be an object with a key and a value.`, { property: 'settings' });
    }
    const entry = parseSettingEntry(key, (item as Record<string, unknown>).value, version);
    if (entry) entries.set(entry.key, entry.value);
  }
  return [...entries].map(([key, value]) => ({ key, value }));
}

const admin = (action: string) => ({ api: 'admin' as const, auth: 'admin' as const, permission: { resource: 'settings', action } });

/** Admin `settings/` with user authentication (reference-behaviour §12): a list of `{key, value}`. */
export const adminSettingsRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: 'settings/',
    ...admin('browse'),
    async handle(ctx) {
      return json(200, { settings: await readable(ctx.app.storage, ctx.version), meta: {} });
    },
  },
  {
    method: 'PUT',
    path: 'settings/',
    ...admin('edit'),
    async handle(ctx) {
      const entries = parseEntries(await readJson(ctx.head, ctx.app.options.limits.jsonBodyBytes), ctx.version);
      const result = await write(
        ctx.app,
        async (tx) => {
          const stored = await tx.settings.all();
          const changed = entries.filter((entry) => stored.get(entry.key) !== entry.value);
          if (changed.length) await tx.settings.set(changed, ctx.app.now());
          await recordActions(tx, ctx.app, ctx.actor, settingEntries(changed.map((entry) => entry.key)));
          return { changed: changed.length > 0, settings: await readable(tx, ctx.version) };
        },
        (change): DomainEvent[] => (change.changed ? [{ name: 'site.changed', kind: 'site' }] : []),
      );
      return json(200, { settings: result.settings, meta: {} }, result.changed ? { 'x-cache-invalidate': '/*' } : {});
    },
  },
];
