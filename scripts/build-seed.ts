// Part of `npm run build`: a migrated empty database in dist/, so a fresh install's first
// createService() loads it (well under a second) instead of running initdb (several seconds).
import { writeSeed } from '../lib/storage/pglite/seed';

const file = await writeSeed(new URL('../dist/', import.meta.url).pathname);
console.log(`seed: ${file}`);
