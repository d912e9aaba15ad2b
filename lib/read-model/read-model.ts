import type { ChangeFeed, ChangesSince } from '../storage/storage';
import { ByteLru } from '../util/byte-lru';
import { ChangeFollower } from './follower';
import { EVERYTHING } from './keys';

// Everything the Content API keeps between requests, and the one answer to "why is this stale?": a
// kept thing (a whole answer per URL, a post's JSON per shape) names the keys (keys.ts) it was made
// from, and stays until a committed change touches one of them, as the database recorded it
// (ChangeFeed), or until room is needed (one bound in bytes for all of it).

/** Something kept, with the keys it depends on. */
interface KeptEntry {
  value: unknown;
  keys: readonly string[];
  size: number;
}

/** What `service.on('cache.invalidate')` handlers are given after changes commit. */
export interface CacheInvalidateEvent {
  /** The keys the changes touched (keys.ts), as answers name them in `Cache-Tag`. */
  keys: string[];
  /**
   * True when everything is to be purged: this instance fell too far behind to learn which keys, or a
   * change touched too many posts at once to name them (an import).
   */
  all: boolean;
}

export interface ReadModelOptions {
  /** The bound on everything kept, in bytes; 0 keeps nothing. */
  maxBytes: number;
  /** How long another instance's change may go unseen here, in ms. */
  checkMs: number;
  clock: () => number;
  /** Reports a handler's failure: a host's code must not break the reads. */
  onHandlerError?: (error: unknown) => void;
}

/** How many recent changes are remembered to refuse things made from content they changed. */
const RECENT_CHANGES = 256;

export class ReadModel {
  private readonly kept: ByteLru<KeptEntry>;
  /** Dependency key → the names of what was kept with it. */
  private readonly dependents = new Map<string, Set<string>>();
  /** The keys of the last reads of changes, newest last, each with the generations it covered. */
  private readonly recent: { from: number; upTo: number; keys: ReadonlySet<string> | null }[] = [];
  private readonly handlers = new Set<(event: CacheInvalidateEvent) => void>();
  readonly follower: ChangeFollower;

  constructor(
    feed: ChangeFeed,
    private readonly options: ReadModelOptions,
  ) {
    this.kept = new ByteLru<KeptEntry>(options.maxBytes, (name, kept) => this.unindex(name, kept));
    this.follower = new ChangeFollower(feed, options.checkMs, options.clock, (changes, before) => this.changed(changes, before));
  }

  /** The generation of public content kept things are current for (asks the database when due). */
  current(): Promise<number> {
    return this.follower.current();
  }

  /** The generation as last read: what a reader takes as "since" before it reads content to keep. */
  get generation(): number {
    return this.follower.generation;
  }

  /** The same, when known without asking; undefined when `current()` would have to ask. */
  fresh(): number | undefined {
    return this.follower.fresh() ? this.follower.generation : undefined;
  }

  get<T>(name: string): T | undefined {
    return this.kept.get(name)?.value as T | undefined;
  }

  /**
   * Keeps `value`, made from content as of generation `since` or later, until a change touches one of
   * `keys` ([] for what depends on no content). Refused when a change after `since` touched one
   * already: it may have been made from content from before that change.
   */
  keep(name: string, value: unknown, keys: readonly string[], size: number, since: number): boolean {
    if (this.options.maxBytes === 0 || this.touchedSince(keys, since)) return false;
    const old = this.kept.peek(name);
    if (old) {
      this.kept.delete(name);
      this.unindex(name, old);
    }
    const kept: KeptEntry = { value, keys, size: size + name.length * 2 };
    this.kept.set(name, kept);
    if (this.kept.peek(name) !== kept) return false;
    for (const key of keys) {
      let names = this.dependents.get(key);
      if (!names) this.dependents.set(key, (names = new Set()));
      names.add(name);
    }
    return true;
  }

  /** Calls `handler` with the keys of each change learnt of, after it committed; returns an unsubscribe function. */
  onInvalidate(handler: (event: CacheInvalidateEvent) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  get entries(): number {
    return this.kept.size;
  }

  get bytes(): number {
    return this.kept.totalBytes;
  }

  private touchedSince(keys: readonly string[], since: number): boolean {
    if (since >= this.follower.generation) return false;
    const oldest = this.recent[0];
    if (!oldest || oldest.from > since + 1) return true;
    for (const change of this.recent) {
      if (change.upTo <= since) continue;
      if (change.keys === null || change.keys.has(EVERYTHING)) return true;
      if (keys.includes(EVERYTHING) || keys.some((key) => change.keys!.has(key))) return true;
    }
    return false;
  }

  private changed(changes: ChangesSince, before: number): void {
    // a change to many posts at once names no keys but `*` (migrations/015): it touched everything
    const touched = changes.keys === null || changes.keys.includes(EVERYTHING) ? null : new Set(changes.keys);
    this.recent.push({ from: before + 1, upTo: changes.generation, keys: touched });
    if (this.recent.length > RECENT_CHANGES) this.recent.shift();
    if (touched === null) {
      this.kept.clear();
      this.dependents.clear();
    } else {
      for (const key of [...touched, EVERYTHING]) {
        const names = this.dependents.get(key);
        if (!names) continue;
        for (const name of names) {
          const kept = this.kept.peek(name);
          if (!kept) continue;
          this.kept.delete(name);
          this.unindex(name, kept);
        }
      }
    }
    // the first read of a fresh instance learns the generation, not a change
    if (before === -1 || (touched && touched.size === 0)) return;
    const event: CacheInvalidateEvent = { keys: touched ? [...touched] : [], all: touched === null };
    for (const handler of this.handlers) {
      try {
        handler(event);
      } catch (error) {
        this.options.onHandlerError?.(error);
      }
    }
  }

  private unindex(name: string, kept: KeptEntry): void {
    for (const key of kept.keys) {
      const names = this.dependents.get(key);
      if (!names) continue;
      names.delete(name);
      if (names.size === 0) this.dependents.delete(key);
    }
  }
}
