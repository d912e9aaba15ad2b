// Summarises a V8 .cpuprofile (from `node --cpu-prof`): the functions with the most self time, and
// the project functions with the most total time (self + callees).
//   node --import tsx bench/profile-top.ts <file.cpuprofile> [count]
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}

interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

function label(node: Node): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/(node_modules\/)/, '$1')
    .replace(/^.*\/main\//, '');
  // code run through tsx reports line 0 for everything: leave the line out rather than mislead
  const line = lineNumber > 0 ? `:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${file ? `${file}${line}` : ''}`.trim();
}

/** Where a frame's code comes from, for the one-line breakdown. */
function origin(node: Node): string {
  const { url, functionName } = node.callFrame;
  if (url.startsWith('wasm://')) return 'PGlite (WebAssembly)';
  if (url.includes('@electric-sql/pglite')) return 'PGlite (JavaScript)';
  if (url.includes('/lib/')) return 'pressroom lib/';
  if (url.includes('node_modules/')) return 'other dependencies';
  if (url.startsWith('node:')) return 'Node internals';
  if (functionName === '(idle)' || functionName === '(garbage collector)' || functionName === '(program)') return functionName;
  return 'native (writev, …)';
}

export function summarise(profile: Profile, count: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const total = [...selfMs.values()].reduce((a, b) => a + b, 0);

  const self = new Map<string, number>();
  const origins = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const node = byId.get(id)!;
    origins.set(origin(node), (origins.get(origin(node)) ?? 0) + ms);
    self.set(label(node), (self.get(label(node)) ?? 0) + ms);
    // each sample counts once per distinct frame on its stack (recursion is not double-counted)
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = label(byId.get(at)!);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  }
  const line = ([name, ms]: [string, number]) => `${((ms / total) * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${name}`;
  const top = (map: Map<string, number>, keep: (name: string) => boolean) =>
    [...map]
      .filter(([name]) => keep(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(line);
  return [
    `total sampled: ${total.toFixed(0)} ms`,
    `by origin: ${[...origins]
      .sort((a, b) => b[1] - a[1])
      .map(([name, ms]) => `${name} ${((ms / total) * 100).toFixed(0)}%`)
      .join(', ')}`,
    'self time:',
    ...top(self, () => true),
    'total time, project code (lib/):',
    ...top(inclusive, (name) => name.includes(' lib/')),
  ].join('\n');
}

if (process.argv[1]?.endsWith('profile-top.ts')) {
  const [file, count] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile> [count]');
  console.log(summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(count ?? 25)));
}
