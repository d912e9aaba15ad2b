// Images (issue 27): a resized copy made on the first request, served like a file afterwards, and many
// made at once within bounded memory.
import type { OutgoingHttpHeaders } from 'node:http';
import sharp from 'sharp';
import { createService, type Service } from '../lib';
import { toNodeHandler } from '../lib/adapters/node';
import { MemoryFileStore } from '../lib/files/memory';
import type { BenchContext } from './context';
import { listen, load, type LoadResult } from './load';
import { MB, median } from './measure';

const SECTION = 'images';
const FOLDER = '2026/01';
const WIDTHS = [300, 600, 1000, 1600, 2000];
const FORMATS = ['', 'format/webp/', 'format/avif/', 'format/jpeg/', 'format/png/'];
const FIRST_REQUESTS = 5;
const ROUNDS = 3;

/** A 4000 × 3000 (12-megapixel) JPEG that compresses like a photograph: smooth areas, edges and grain. */
async function photo(seed: number): Promise<Uint8Array> {
  const stripes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="#${(0x204060 + seed * 0x10101).toString(16).slice(-6)}"/><stop offset="1" stop-color="#e0c090"/></linearGradient></defs>` +
      `<rect width="4000" height="3000" fill="url(#g)"/>${Array.from({ length: 40 }, (_, i) => `<circle cx="${(i * 977 + seed * 131) % 4000}" cy="${(i * 613) % 3000}" r="${60 + (i % 7) * 40}" fill="#${((i * 0x3f1d2b) & 0xffffff).toString(16).padStart(6, '0')}" opacity="0.6"/>`).join('')}</svg>`,
  );
  const grain = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } } })
    .png()
    .toBuffer();
  const buffer = await sharp(stripes)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
  return new Uint8Array(buffer);
}

async function timed(service: Service, url: string): Promise<number> {
  const started = performance.now();
  const res = await service.fetch(new Request(url));
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

function medianRun(runs: LoadResult[]): LoadResult {
  return [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(runs.length / 2)];
}

export async function imagesSection(ctx: BenchContext): Promise<void> {
  const { report, settings } = ctx;
  const images = new MemoryFileStore();
  const service = await createService({ files: { images } });
  const base = 'http://127.0.0.1:2368/content/images';
  console.log('  making 12-megapixel JPEGs…');
  const originals = await Promise.all([0, 1, 2].map((seed) => photo(seed)));
  report.note(`images: the 12-megapixel JPEGs are ${originals.map((o) => (o.length / MB).toFixed(1)).join(', ')} MB`);

  // 1. the first request for w600: a fresh name each time, so nothing is kept from the previous one
  await timed(service, `${base}/size/w300/${FOLDER}/warm.jpg`).catch(() => 0); // loads sharp once, as a server's first image does
  const firsts: number[] = [];
  for (let i = 0; i < FIRST_REQUESTS; i++) {
    await images.save(`${FOLDER}/first-${i}.jpg`, originals[i % originals.length], { contentType: 'image/jpeg' });
    firsts.push(await timed(service, `${base}/size/w600/${FOLDER}/first-${i}.jpg`));
  }
  report.add({
    section: SECTION,
    name: `first request for w600 of a 12-megapixel JPEG (median of ${FIRST_REQUESTS})`,
    value: median(firsts),
    unit: 'ms',
    target: { of: 'value', op: '<=', limit: 250 },
    detail: { runsMs: firsts },
  });

  // 2. later requests through the Node adapter against a static server sending the same bytes and headers
  const path = `/content/images/size/w600/${FOLDER}/first-0.jpg`;
  const server = await listen(toNodeHandler(service));
  const sample = await fetch(`${server.origin}${path}`);
  const bytes = Buffer.from(await sample.arrayBuffer());
  const headers: OutgoingHttpHeaders = {};
  sample.headers.forEach((value, name) => {
    if (!['connection', 'keep-alive', 'date', 'content-length', 'transfer-encoding'].includes(name)) headers[name] = value;
  });
  const staticServer = await listen((_req, res) => {
    res.writeHead(200, headers);
    res.end(bytes);
  });
  const pressroomRuns: LoadResult[] = [];
  const staticRuns: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    staticRuns.push(await load(`${staticServer.origin}${path}`, settings.loadSeconds));
    pressroomRuns.push(await load(`${server.origin}${path}`, settings.loadSeconds));
  }
  const served = medianRun(pressroomRuns);
  const baseline = medianRun(staticRuns);
  report.add({
    section: SECTION,
    name: `later requests for that w600 (${(bytes.length / 1024).toFixed(0)} KB) through the Node adapter`,
    value: served.requestsPerSecond,
    unit: 'req/s',
    baseline: baseline.requestsPerSecond,
    baselineName: 'static node:http server, same bytes',
    target: { of: 'ratio', op: '>=', limit: 0.7 },
    detail: { p50Ms: served.p50, p99Ms: served.p99, failures: served.failures + baseline.failures },
  });
  if (served.failures > 0) report.note('images: some cached variant requests failed under load');
  await staticServer.close();

  // 3. fifty first requests at once, for fifty different variants of two photographs
  for (const i of [0, 1]) await images.save(`${FOLDER}/many-${i}.jpg`, originals[i], { contentType: 'image/jpeg' });
  const urls = [0, 1].flatMap((i) => WIDTHS.flatMap((w) => FORMATS.map((f) => `${server.origin}/content/images/size/w${w}/${f}${FOLDER}/many-${i}.jpg`)));
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const answers = await Promise.all(
    urls.map(async (url) => {
      const res = await fetch(url);
      const body = await res.arrayBuffer();
      return res.status === 200 && body.byteLength > 0;
    }),
  );
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const failures = answers.filter((ok) => !ok).length;
  report.add({
    section: SECTION,
    name: `${urls.length} concurrent first requests for different variants: RSS growth`,
    value: (peak - before) / MB,
    unit: 'MB',
    target: { of: 'value', op: '<=', limit: 300 },
    detail: { failures, elapsedMs: elapsed, rssBeforeMB: before / MB, rssPeakMB: peak / MB },
  });
  report.add({
    section: SECTION,
    name: `${urls.length} concurrent first requests: failures`,
    value: failures,
    unit: '',
    target: { of: 'value', op: '<=', limit: 0 },
  });
  report.note(`images: the ${urls.length} variants took ${(elapsed / 1000).toFixed(1)} s, made two at a time`);
  await server.close();
  await service.close();
}
