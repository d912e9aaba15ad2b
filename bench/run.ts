// `npm run bench [-- --size 1k|10k|100k] [--full] [--quick] [--only <section>[,…]] [--out <file>]`
// Prints one table of figures and ratios against baselines measured in the same run, and writes
// bench/results.json. See bench/README.md.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { adminSection } from './admin';
import { coldStartSection } from './cold-start';
import { filterBudgetSection } from './filter-budget';
import { createContext, SIZES, settingsFor, type BenchContext, type SizeName } from './context';
import { httpSection } from './http';
import { imagesSection } from './images';
import { inProcessSection } from './in-process';
import { memorySection } from './memory';
import { migrateSection } from './migrate';
import { nqlSection } from './nql';
import { machine, Report } from './report';
import { scaleSection } from './scale';
import { searchSection } from './search';
import { trafficSection } from './traffic';
import { adminClientSection } from './admin-client';

/** In run order: sections that only read share a site; admin writes to it, so it comes after them. */
const SECTIONS: Record<string, (ctx: BenchContext) => Promise<void>> = {
  nql: nqlSection,
  'filter-budget': filterBudgetSection,
  'in-process': inProcessSection,
  http: httpSection,
  scale: scaleSection,
  traffic: trafficSection,
  search: searchSection,
  admin: adminSection,
  'cold-start': coldStartSection,
  memory: memorySection,
  migrate: migrateSection,
  images: imagesSection,
  'admin-client': adminClientSection,
};

function parse() {
  const { values } = parseArgs({
    options: {
      size: { type: 'string' },
      full: { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const size = (values.size ?? (values.quick ? '1k' : '10k')) as SizeName;
  if (!Object.hasOwn(SIZES, size)) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`);
  const only = values.only ? values.only.split(',').map((s) => s.trim()) : Object.keys(SECTIONS);
  for (const name of only) if (!SECTIONS[name]) throw new Error(`unknown section ${name}; known: ${Object.keys(SECTIONS).join(', ')}`);
  const out = values.out ? resolve(values.out) : fileURLToPath(new URL('./results.json', import.meta.url));
  return { settings: settingsFor(size, values.quick, values.full), only, out };
}

async function main(): Promise<void> {
  const { settings, only, out } = parse();
  const report = new Report();
  const ctx = createContext(settings, report);
  const info = machine();
  const started = performance.now();
  console.log(`pressroom bench: size ${settings.size}${settings.full ? ', full (100k)' : ''}${settings.quick ? ', quick' : ''}`);
  console.log(`${info.cpu}, ${info.cores} cores, ${info.memoryGB} GB, Node ${info.node}, load average ${info.loadAverageAtStart.join(' ')}`);
  try {
    for (const name of Object.keys(SECTIONS).filter((n) => only.includes(n))) {
      console.log(`\n[${name}]`);
      const t0 = performance.now();
      await SECTIONS[name](ctx);
      console.log(`  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    }
  } finally {
    await ctx.closeAll();
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`\n${report.table()}\n`);
  for (const note of report.notes) console.log(`note: ${note}`);
  const failed = report.rows.filter((r) => r.status === 'FAIL').length;
  const passed = report.rows.filter((r) => r.status === 'PASS').length;
  console.log(`\ntargets: ${passed} pass, ${failed} fail; ran in ${seconds.toFixed(0)} s`);
  await report.write(out, { machine: info, settings, sections: only, seconds: Math.round(seconds) });
  console.log(`wrote ${out}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
