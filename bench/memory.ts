// Section 7: resident memory after loading the site (in memory, and on disk) and under the browse
// load of section 1, in a fresh process; the baseline is that process's RSS before loading anything.
import { runChild } from './child';
import { SIZES, type BenchContext, type SizeName } from './context';

interface LeakCheck {
  before: number;
  loaded: number;
  warm: { rss: number; heap: number };
  end: { rss: number; heap: number };
  peakUnderLoad: number;
  samples: number[];
  requestsPerSecond: number;
}

const RSS_LIMIT_MB = 1536;
/** Live heap after a full GC may wobble by a few MB between two points of a steady load. */
const HEAP_GROWTH_LIMIT_MB = 5;

export async function memorySection(ctx: BenchContext): Promise<void> {
  const { settings, report } = ctx;
  const sizes: SizeName[] = settings.full && settings.size !== '100k' ? [settings.size, '100k'] : [settings.size];
  const section = 'memory';
  for (const size of sizes) {
    const { result: r } = await runChild<LeakCheck>('memory-child.ts', ['load', String(SIZES[size]), String(settings.leakSeconds)], ['--expose-gc']);
    const undecided = size === '100k' ? {} : { undecided: 'the limit is for 100k posts (--full)' };
    report.add({
      section,
      name: `RSS after loading ${size} posts, in memory`,
      value: r.loaded,
      unit: 'MB',
      baseline: r.before,
      baselineName: 'MB before loading',
      target: { of: 'value', op: '<=', limit: RSS_LIMIT_MB, ...undecided },
    });
    const { result: disk } = await runChild<{ before: number; loaded: number }>('memory-child.ts', ['disk', String(SIZES[size])], ['--expose-gc']);
    report.add({
      section,
      name: `RSS after loading ${size} posts, on disk (dataDir)`,
      value: disk.loaded,
      unit: 'MB',
      baseline: disk.before,
      baselineName: 'MB before loading',
      target: { of: 'value', op: '<=', limit: RSS_LIMIT_MB, ...undecided },
    });
    report.add({
      section,
      name: `RSS peak under browse load, ${size} posts`,
      value: r.peakUnderLoad,
      unit: 'MB',
      baseline: r.loaded,
      baselineName: 'MB loaded',
      target: { of: 'value', op: '<=', limit: RSS_LIMIT_MB, ...undecided },
      detail: { rssSamplesMB: r.samples.map(Math.round), requestsPerSecond: r.requestsPerSecond },
    });
    report.add({
      section,
      name: `live heap growth over ${settings.leakSeconds} s of load, ${size} posts, after GC`,
      value: r.end.heap - r.warm.heap,
      unit: 'MB',
      target: { of: 'value', op: '<=', limit: HEAP_GROWTH_LIMIT_MB },
      detail: { heapWarmMB: r.warm.heap, heapEndMB: r.end.heap },
    });
    report.add({
      section,
      name: `RSS growth over ${settings.leakSeconds} s of load, ${size} posts, after GC`,
      value: r.end.rss - r.warm.rss,
      unit: 'MB',
      baseline: r.warm.rss,
      baselineName: 'MB after warm-up',
    });
  }
}
