// LISTEN on a connection of its own that outlives the connection: when the database drops it (a
// restart, a failover, pg_terminate_backend), it is listened again with backoff, and the listener is
// told with an empty payload that announcements may have been missed meanwhile.
import type { ClientBase, Notification } from 'pg';
import { checkChannel } from './sql/driver';
import type { PgHealth } from './pg-faults';

/** A connection to listen on, and how to give it back (with the error that broke it, if one did). */
export interface ListenConnection {
  client: ClientBase;
  done(error?: Error): Promise<void> | void;
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;

/** Attempt n waits between half and all of 250 ms · 2^n, at most 10 s. */
const backoff = (attempt: number) => {
  const full = Math.min(FIRST_RETRY_MS * 2 ** attempt, MAX_RETRY_MS);
  return full / 2 + (Math.random() * full) / 2;
};

/**
 * Listens on `channel` until the returned function stops it. The first LISTEN must succeed (its failure
 * is thrown); after that a lost connection is reported to `health` and replaced, and `listener('')` is
 * called once listening again, so that the caller reads what it may have missed.
 */
export async function listenResiliently(
  connect: () => Promise<ListenConnection>,
  channel: string,
  listener: (payload: string) => void,
  health: PgHealth,
): Promise<() => Promise<void>> {
  checkChannel(channel);
  let current: ListenConnection | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;

  const onNotification = (message: Notification) => {
    if (message.channel === channel) listener(message.payload ?? '');
  };

  function drop(connection: ListenConnection, error: Error): void {
    if (current !== connection) return;
    current = null;
    connection.client.off('notification', onNotification);
    // the error listener stays: a broken connection may still report, and must not crash the host
    void Promise.resolve(connection.done(error)).catch(() => undefined);
    if (stopped) return;
    health.lost(error, 'connection for LISTEN lost');
    schedule();
  }

  function schedule(): void {
    clearTimeout(timer);
    timer = setTimeout(() => void again(), backoff(attempt++));
    (timer as { unref?: () => void }).unref?.();
  }

  async function open(): Promise<void> {
    const connection = await connect();
    const { client } = connection;
    client.on('error', (error: Error) => drop(connection, error));
    client.on('end', () => drop(connection, new Error('Connection terminated')));
    client.on('notification', onNotification);
    current = connection;
    try {
      await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      drop(connection, error as Error);
      throw error;
    }
  }

  async function again(): Promise<void> {
    if (stopped) return;
    try {
      await open();
    } catch (error) {
      if (!stopped && current === null) {
        health.lost(error, 'connection for LISTEN lost');
        schedule();
      }
      return;
    }
    if (stopped) return void stop();
    attempt = 0;
    health.ok();
    // announcements made while no connection listened are lost: the listener reads the change feed
    listener('');
  }

  await open().catch((error) => {
    stopped = true;
    clearTimeout(timer);
    throw error;
  });

  let stopping: Promise<void> | undefined;
  async function stop(): Promise<void> {
    stopped = true;
    clearTimeout(timer);
    const connection = current;
    current = null;
    if (!connection) return;
    connection.client.off('notification', onNotification);
    let broken: Error | undefined;
    await connection.client.query(`UNLISTEN "${channel}"`).catch((error: Error) => (broken = error));
    await Promise.resolve(connection.done(broken)).catch(() => undefined);
  }
  return () => (stopping ??= stop());
}
