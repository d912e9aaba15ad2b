// In a fresh process: imports a Ghost export file into an empty in-memory site, then exports the site to
// a file, timing each and sampling peak RSS (bench/migrate.ts). Prints the figures as JSON.
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createService } from '../lib';
import { RssSampler } from './rss-sampler';

const [file, out, dataDir] = process.argv.slice(2);
const cpu = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
// on disk, as `pressroom import --data` runs: the database's own pages are then not the process's memory
const service = await createService({ url: 'http://127.0.0.1:2368', dataDir });
await service.setup({ name: 'Ada', email: 'ada@example.com', password: 'a-long-password-1', title: 'Bench' });
const sampler = new RssSampler();

gc();
let base = await sampler.reset();
let t0 = performance.now();
let c0 = process.cpuUsage();
const result = await service.importGhost({ stream: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: (await stat(file)).size });
const importMs = performance.now() - t0;
const importCpuMs = cpu(c0);
const importPeakGrowth = (await sampler.peak()) - base;

gc();
base = await sampler.reset();
t0 = performance.now();
c0 = process.cpuUsage();
await pipeline(Readable.fromWeb(service.exportGhost() as import('node:stream/web').ReadableStream<Uint8Array>), createWriteStream(out));
const exportMs = performance.now() - t0;
const exportCpuMs = cpu(c0);
const exportPeakGrowth = (await sampler.peak()) - base;

await sampler.stop();
await service.close();
console.log(
  JSON.stringify({
    importMs,
    exportMs,
    importCpuMs,
    exportCpuMs,
    importPeakGrowth,
    exportPeakGrowth,
    imported: result.imported.posts,
    exportedBytes: (await stat(out)).size,
  }),
);
