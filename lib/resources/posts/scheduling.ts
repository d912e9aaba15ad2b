// Scheduled posts fall due lazily: a routed request first publishes those whose time has come, looking
// at most once a second (and `service.runDueJobs` publishes them on a host's timer). The pipeline's
// first step may not answer from the read model while a look is due (lib/http/pipeline.ts).
import type { AppContext } from '../../app-context';
import { postEvents } from '../../events/post-events';
import { write } from '../shared/write';
import { publishDue } from './operations';

/** How often a request checks whether scheduled posts have fallen due. */
const DUE_CHECK_INTERVAL_MS = 1000;

export class ScheduledPublishing {
  private nextCheck = 0;

  constructor(
    private readonly app: AppContext,
    /** The time in ms, as `app.now` gives it. */
    private readonly clock: () => number,
  ) {}

  /** Publishes every scheduled post fallen due; returns how many. */
  async publishDuePosts(): Promise<number> {
    const { app } = this;
    // a read of the scheduled posts' own index first (migration 023): most checks find nothing due,
    // and need not open a write transaction
    if ((await app.storage.posts.dueScheduled(app.now(), 1)).length === 0) return 0;
    const changes = await write(
      app,
      (tx) => publishDue(tx, app.now(), app.options.revisions),
      (list) => list.flatMap((c) => postEvents(c.before, c.after)),
    );
    return changes.length;
  }

  /** Whether a look for posts fallen due is owed now. */
  lookDue(): boolean {
    return this.clock() >= this.nextCheck;
  }

  /** Publishes the posts fallen due, if a look is owed. */
  async publishIfDue(): Promise<void> {
    const now = this.app.now().getTime();
    if (now < this.nextCheck) return;
    this.nextCheck = now + DUE_CHECK_INTERVAL_MS;
    await this.publishDuePosts();
  }
}
