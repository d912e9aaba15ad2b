// CPU profile of the browse nothing kept can answer (bench/traffic.ts, "a different filter on every
// request") for one filter shape, through the Node adapter under the load of 10 connections:
//   node --import tsx bench/profile-filter.ts <shape> [posts=10000] [seconds=8]
// shape: id (`id:-'<new id>'`), slug (`slug:-<new slug>`), tag-id (`tag:<a big tag>+id:-'<new id>'`).
// Writes /tmp/pressroom-filter-<shape>.cpuprofile and prints its top frames.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toNodeHandler } from '../lib/adapters/node';
import { createSite } from './dataset';
import { ENDPOINTS } from './http';
import { listen, load } from './load';
import { summarise } from './profile-top';
import { FILTER_SHAPES } from './traffic';

const [shape = 'slug', posts = '10000', seconds = '8'] = process.argv.slice(2);
const filter = FILTER_SHAPES[shape];
if (!filter) throw new Error(`usage: profile-filter.ts <${Object.keys(FILTER_SHAPES).join('|')}> [posts] [seconds]`);

const site = await createSite(Number(posts));
const service = await site.another();
const server = await listen(toNodeHandler(service));
const url = `${server.origin}${ENDPOINTS[0].path(site)}&filter=${filter('[<id>]')}`;
await load(url, 2, 10, { uniqueIds: true });

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
const result = await load(url, Number(seconds), 10, { uniqueIds: true });
const { profile } = await session.post('Profiler.stop');
const file = join(tmpdir(), `pressroom-filter-${shape}.cpuprofile`);
writeFileSync(file, JSON.stringify(profile));
console.log(`filter ${shape}, ${posts} posts: ${result.requestsPerSecond.toFixed(0)} req/s; profile in ${file}`);
console.log(summarise(profile as Parameters<typeof summarise>[0], 30));
await server.close();
await service.close();
await site.close();
