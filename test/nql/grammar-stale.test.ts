import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

it('lib/nql/grammar.ts is what grammar/nql.ne compiles to (run `npm run grammar` after editing the grammar)', () => {
  const regenerated = execFileSync(process.execPath, ['scripts/build-grammar.mjs', '--stdout'], { cwd: root, encoding: 'utf8' });
  const committed = readFileSync(new URL('../../lib/nql/grammar.ts', import.meta.url), 'utf8');
  expect(regenerated).toContain('Generated from grammar/nql.ne');
  expect(committed === regenerated, 'lib/nql/grammar.ts is stale: run npm run grammar').toBe(true);
});
