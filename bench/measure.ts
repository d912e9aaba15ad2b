// Timing loops and the statistics the sections report.

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export const median = (samples: number[]) => percentile(samples, 50);

export interface Timing {
  /** Milliseconds of each call. */
  samples: number[];
  p50: number;
  p99: number;
  /** Calls per second, one after another. */
  perSecond: number;
}

export interface LoopOptions {
  /** Run for about this long… */
  seconds: number;
  /** …but at least this many calls. */
  minCalls?: number;
  /** Calls made first and not counted (JIT, caches). */
  warmup?: number;
}

/** Calls `fn` sequentially, timing each call. */
export async function timeLoop(fn: (i: number) => Promise<unknown>, options: LoopOptions): Promise<Timing> {
  // the index runs on through warm-up and timed calls, so callers can use it to make unique rows
  const warmup = options.warmup ?? 5;
  for (let i = 0; i < warmup; i++) await fn(i);
  const samples: number[] = [];
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  for (let i = warmup; performance.now() < deadline || samples.length < (options.minCalls ?? 1); i++) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  const elapsed = performance.now() - started;
  return { samples, p50: median(samples), p99: percentile(samples, 99), perSecond: (samples.length / elapsed) * 1000 };
}

/** Synchronous micro-benchmark: mean microseconds per call over about `seconds`. */
export function microseconds(fn: () => unknown, seconds: number): number {
  for (let i = 0; i < 200; i++) fn();
  let calls = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  while (performance.now() < deadline) {
    for (let i = 0; i < 100; i++) fn();
    calls += 100;
  }
  return ((performance.now() - started) * 1000) / calls;
}

export const MB = 1024 * 1024;
