// CPU profile of one Content API endpoint under the load of the http section, without the rest of
// the run mixed in:
//   node --import tsx bench/profile-http.ts <0|1|2 (endpoint)> <off|warm> [posts=10000] [seconds=8]
// Writes /tmp/pressroom-<endpoint>-<mode>.cpuprofile and prints its top frames.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toNodeHandler } from '../lib/adapters/node';
import { createSite } from './dataset';
import { ENDPOINTS } from './http';
import { listen, load } from './load';
import { summarise } from './profile-top';

const [which = '0', mode = 'off', posts = '10000', seconds = '8'] = process.argv.slice(2);
const endpoint = ENDPOINTS[Number(which)];
if (!endpoint || !['off', 'warm'].includes(mode)) throw new Error('usage: profile-http.ts <0|1|2> <off|warm> [posts] [seconds]');

const site = await createSite(Number(posts));
const service = await site.another(mode === 'off' ? { contentApi: { cache: false } } : {});
const server = await listen(toNodeHandler(service));
const url = server.origin + endpoint.path(site);
await load(url, 2);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
const result = await load(url, Number(seconds));
const { profile } = await session.post('Profiler.stop');
const file = join(tmpdir(), `pressroom-${which}-${mode}.cpuprofile`);
writeFileSync(file, JSON.stringify(profile));
console.log(`${endpoint.name}, cache ${mode}, ${posts} posts: ${result.requestsPerSecond.toFixed(0)} req/s; profile in ${file}`);
console.log(summarise(profile as Parameters<typeof summarise>[0], 25));
await server.close();
await service.close();
await site.close();
