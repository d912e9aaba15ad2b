// In a fresh process: imports a Ghost export file into an empty in-memory site, then exports the site to
// a file, timing each and sampling peak RSS (bench/migrate.ts). Prints the figures as JSON.
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createService } from '../lib';
import { RssSampler } from './rss-sampler';

const [file, out] = process.argv.slice(2);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const service = await createService({ url: 'http://127.0.0.1:2368' });
await service.setup({ name: 'Ada', email: 'ada@example.com', password: 'a-long-password-1', title: 'Bench' });
const sampler = new RssSampler();

gc();
let base = await sampler.reset();
let t0 = performance.now();
const result = await service.importGhost({ stream: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: (await stat(file)).size });
const importMs = performance.now() - t0;
const importPeakGrowth = (await sampler.peak()) - base;

gc();
base = await sampler.reset();
t0 = performance.now();
await pipeline(Readable.fromWeb(service.exportGhost() as import('node:stream/web').ReadableStream<Uint8Array>), createWriteStream(out));
const exportMs = performance.now() - t0;
const exportPeakGrowth = (await sampler.peak()) - base;

await sampler.stop();
await service.close();
console.log(JSON.stringify({ importMs, exportMs, importPeakGrowth, exportPeakGrowth, imported: result.imported.posts, exportedBytes: (await stat(out)).size }));
