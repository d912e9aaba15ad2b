import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSite, type TestSite } from '../helpers/service';
import { add, search, titles } from './helpers';

// What a search may find: the Content API finds published posts only, and a post whose body its
// visibility hides by what it shows (title, excerpt, tags, authors), never by that body; the Admin API
// finds every status (every staff role may browse every post, so each finds the same).

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
  await add(site, { title: 'Public harbour', html: '<p>Open lighthouse notes.</p>' });
  await add(site, { title: 'Draft harbour', status: 'draft', html: '<p>Unfinished lighthouse notes.</p>' });
  await add(site, { title: 'Scheduled harbour', status: 'scheduled', published_at: '2099-01-01T00:00:00.000Z', html: '<p>Later lighthouse.</p>' });
  await add(site, {
    title: 'Members harbour',
    visibility: 'members',
    custom_excerpt: 'A teaser about boats',
    tags: ['Sailing'],
    html: '<p>The secret lighthouse keeper.</p>',
  });
  await add(site, { title: 'Paid harbour', visibility: 'paid', html: '<p>The secret lighthouse for subscribers.</p>' });
});
afterAll(() => site?.close());

describe('the Content API', () => {
  it('finds published posts only', async () => {
    expect(await titles(site, 'harbour', 'order=title%20asc')).toEqual(['Members harbour', 'Paid harbour', 'Public harbour']);
  });

  it('never finds a post by the body its visibility hides', async () => {
    expect(await titles(site, 'lighthouse')).toEqual(['Public harbour']);
    expect(await titles(site, 'secret')).toEqual([]);
    expect(await titles(site, 'harbour secret')).toEqual([]);
    expect(await titles(site, 'secre')).toEqual([]);
    expect(await titles(site, '"secret lighthouse"')).toEqual([]);
  });

  it('finds it by its title, excerpt and tags', async () => {
    expect(await titles(site, 'members')).toEqual(['Members harbour']);
    expect(await titles(site, 'boats')).toEqual(['Members harbour']);
    expect(await titles(site, 'sailing harbour')).toEqual(['Members harbour']);
    // a hidden body neither finds nor excludes a post
    expect(await titles(site, 'members -secret')).toEqual(['Members harbour']);
  });

  it('never shows the hidden body in a headline', async () => {
    const { posts } = await search(site, 'harbour', 'include=search.headline&order=title%20asc');
    const byTitle = Object.fromEntries(posts.map((post) => [post.title, post.search!.headline]));
    expect(byTitle['Members harbour']).toBe('Members <mark>harbour</mark> — A teaser about boats');
    expect(byTitle['Paid harbour']).toBe('Paid <mark>harbour</mark>');
    expect(JSON.stringify(posts)).not.toContain('secret');
    expect((await search(site, 'lighthouse', 'include=search.headline')).posts[0].search!.headline).toBe('Open <mark>lighthouse</mark> notes.');
  });
});

describe('the Admin API', () => {
  it('finds every status and every body', async () => {
    expect(await titles(site, 'harbour', 'order=title%20asc', 'admin')).toEqual([
      'Draft harbour',
      'Members harbour',
      'Paid harbour',
      'Public harbour',
      'Scheduled harbour',
    ]);
    expect(await titles(site, 'secret', 'order=title%20asc', 'admin')).toEqual(['Members harbour', 'Paid harbour']);
    const { posts } = await search(site, 'keeper', 'include=search.headline', 'admin');
    expect(posts.map((post) => post.search!.headline)).toEqual(['A teaser about boats — The secret lighthouse <mark>keeper</mark>.']);
  });

  it('combines with a filter on status', async () => {
    expect(await titles(site, 'lighthouse', 'filter=status:draft', 'admin')).toEqual(['Draft harbour']);
  });
});
