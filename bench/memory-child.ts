// Memory figures in a fresh process (run with --expose-gc), so nothing else this run did is counted.
//   load <posts> <seconds>  RSS before and after loading the site, and across a browse load (leak check)
//   disk <posts>            RSS before and after loading the site into a data directory (PGlite on disk)
//   limit-all <posts>       time and peak memory of GET posts/?limit=all
// Prints one JSON line.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toNodeHandler } from '../lib/adapters/node';
import { BASE, createSite } from './dataset';
import { ENDPOINTS } from './http';
import { listen, load } from './load';
import { MB } from './measure';
import { RssSampler } from './rss-sampler';

const [mode, postsArg, secondsArg] = process.argv.slice(2);
const posts = Number(postsArg);

function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  gc();
  gc();
}

const rssMB = () => process.memoryUsage.rss() / MB;
const heapMB = () => process.memoryUsage().heapUsed / MB;

async function leakCheck() {
  const seconds = Number(secondsArg);
  collect();
  const before = rssMB();
  const site = await createSite(posts);
  collect();
  const loaded = rssMB();
  const service = await site.another({ contentApi: { cache: false } });
  const server = await listen(toNodeHandler(service));
  const url = server.origin + ENDPOINTS[0].path(site);
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(rssMB()), 1000);
  // warm-up: JIT, PGlite's buffers and Node's sockets reach their working size first
  await load(url, Math.max(2, Math.round(seconds / 10)));
  collect();
  const warm = { rss: rssMB(), heap: heapMB() };
  const result = await load(url, seconds);
  clearInterval(timer);
  collect();
  const end = { rss: rssMB(), heap: heapMB() };
  await server.close();
  await service.close();
  await site.close();
  return { before, loaded, warm, end, peakUnderLoad: Math.max(...samples), samples, requestsPerSecond: result.requestsPerSecond };
}

async function onDisk() {
  collect();
  const before = rssMB();
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-bench-'));
  try {
    const site = await createSite(posts, { dataDir: join(dir, 'db') });
    collect();
    const loaded = rssMB();
    await site.close();
    return { before, loaded };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function limitAll() {
  const site = await createSite(posts);
  const service = await site.another({ contentApi: { cache: false } });
  const url = `${BASE}/svc/api/v3/content/posts/?key=${site.contentKey}&include=tags,authors&limit=all`;
  // one untimed call first, so the figures are of a warm process
  await (await service.fetch(new Request(url))).arrayBuffer();
  const sampler = new RssSampler();
  collect();
  const heapBefore = process.memoryUsage();
  const rssBefore = await sampler.reset();
  const t0 = performance.now();
  const response = await service.fetch(new Request(url));
  const handedOver = performance.now() - t0;
  // what is still live once the Response exists, before any byte is read: a streamed body holds little
  collect();
  const atHandover = process.memoryUsage();
  let bytes = 0;
  const reader = response.body!.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
  const ms = performance.now() - t0;
  const peak = await sampler.peak();
  await sampler.stop();
  const held = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;
  await service.close();
  await site.close();
  return {
    status: response.status,
    ms,
    firstByteMs: handedOver,
    bodyMB: bytes / MB,
    peakRssGrowthMB: (peak - rssBefore) / MB,
    heldAtHandoverMB: (held(atHandover) - held(heapBefore)) / MB,
  };
}

const modes: Record<string, () => Promise<unknown>> = { load: leakCheck, disk: onDisk, 'limit-all': limitAll };
if (!modes[mode]) throw new Error(`unknown mode ${mode}`);
const result = await modes[mode]();
console.log(JSON.stringify(result));
