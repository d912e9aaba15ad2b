// The public surface of each entry point; a change here is a change to what users can import.
import { describe, expect, it } from 'vitest';

const entries = {
  pressroom: () => import('../../lib/index'),
  'pressroom/node': () => import('../../lib/adapters/node'),
  'pressroom/express': () => import('../../lib/adapters/express'),
  'pressroom/next': () => import('../../lib/adapters/next'),
  'pressroom/pg': () => import('../../lib/storage/pg'),
  'pressroom/s3': () => import('../../lib/files/s3'),
};

describe('public exports', () => {
  it('stay as they are unless changed on purpose', async () => {
    const surface: Record<string, string[]> = {};
    for (const [name, load] of Object.entries(entries)) surface[name] = Object.keys(await load()).sort();
    expect(surface).toMatchSnapshot();
  });
});

describe('VERSION', () => {
  it('is the package version', async () => {
    const { VERSION } = await import('../../lib/index');
    const pkg = await import('../../package.json', { with: { type: 'json' } });
    expect(VERSION).toBe(pkg.default.version);
  });
});
