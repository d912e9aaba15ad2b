// What `npm pack` would publish: a LICENSE, no source maps, and a CLI that imports the core's chunks
// instead of carrying a copy of them.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const built = existsSync(`${root}dist/cli.js`);
if (!built && process.env.CI) throw new Error('dist/ is missing: CI builds before it tests');

describe.skipIf(!built)('the published package', () => {
  it('holds the LICENSE and no source maps', () => {
    const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    const files: string[] = pack.files.map((file: { path: string }) => file.path);
    expect(files).toContain('LICENSE');
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(readFileSync(`${root}LICENSE`, 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) pressroom contributors\n/);
  });

  it('has a CLI bundle that imports the core from the shared chunks', () => {
    const cli = readFileSync(`${root}dist/cli.js`, 'utf8');
    const index = readFileSync(`${root}dist/index.js`, 'utf8');
    // createService lives in one chunk both import
    const chunkOf = (source: string) => [...source.matchAll(/import \{[^}]*\bcreateService\b[^}]*\} from "\.\/(chunk-[A-Z0-9]+\.js)"/g)].map((m) => m[1]);
    expect(chunkOf(cli)).toHaveLength(1);
    expect(chunkOf(cli)).toEqual(chunkOf(index));
    expect(cli).not.toMatch(/function createService\(/);
  });
});
