// A deterministic, deliberately awkward dataset: mixed case, LIKE wildcards, backslashes,
// quotes, non-ASCII, digits with leading zeros, nulls, shared timestamps, internal tags, posts
// without tags.
import { seeded } from '../../../bench/random';
import { hexId, ROLES, type Dataset, type Post, type Tag, type User } from './dataset';

export const NOW = new Date('2024-06-15T12:00:00.000Z');

export const TEXT_POOL = [
  'Hello',
  'hello',
  'HELLO world',
  'École',
  'ÉCOLE',
  'école',
  '100%',
  '100',
  'snake_case',
  'snakeXcase',
  'back\\slash',
  "O'Brien",
  'emoji 🎉',
  'Ωmega',
  'naïve',
  'a',
  'A',
  'z',
  '007',
  '7',
  'null',
  'true',
  'now-1d',
  '-dash',
  '~tilde',
  'a+b',
  'x,y',
  '(paren)',
  '[br]',
  'semi;colon',
  '--',
  '/* c */',
  '\uffff',
  '\u{1F600}',
  '',
];

export function generateDataset(seed = 20240615): Dataset {
  const random = seeded(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  const chance = (p: number) => random() < p;
  const day = 86_400_000;
  const SHARED = new Date(NOW.getTime() - 10 * day);
  const dateAround = (): Date => (chance(0.15) ? SHARED : new Date(NOW.getTime() + Math.round((random() * 460 - 400) * day) + int(1000)));

  const tagSpecs: Array<[string, string, string]> = [
    ['news', 'News', 'public'],
    ['getting-started', 'Getting Started', 'public'],
    ['007', '007', 'public'],
    ['a', 'A', 'public'],
    ['hash-internal', '#Internal', 'internal'],
    ['tech', 'Tech_Talk', 'public'],
    ['pct', '100% Pure', 'public'],
    ['null', 'NULL', 'public'],
    ['ecole', 'École', 'internal'],
    ['quote', "O'Tag\\", 'public'],
  ];
  const tags: Tag[] = tagSpecs.map(([slug, name, visibility], i) => ({
    id: hexId(100 + i),
    slug,
    name,
    visibility,
    description: chance(0.5) ? pick(TEXT_POOL) : null,
    created_at: dateAround(),
  }));

  const userSpecs: Array<[string, string, string]> = [
    ['ann', 'Ann Smith', 'Ann@Example.com'],
    ['bob', 'bob', 'bob@example.com'],
    ['carol', 'Carol_%', 'carol@x.org'],
    ['dave', 'Dävé', 'dave@x.org'],
    ['eve-2', "Eve O'Neil", 'eve@x.org'],
  ];
  const users: User[] = userSpecs.map(([slug, name, email], i) => ({
    id: hexId(200 + i),
    slug,
    name,
    email,
    location: chance(0.5) ? pick(TEXT_POOL) : null,
    last_seen: chance(0.5) ? dateAround() : null,
    roles: [ROLES[i % ROLES.length]],
  }));

  const specialSlugs = ['123-text', '007', 'a', 'x', 'getting-started', 'now-1d', 'true-story'];
  const posts: Post[] = [];
  for (let i = 0; i < 80; i++) {
    const words = Array.from({ length: 1 + int(3) }, () => pick(TEXT_POOL));
    const status = pick(['draft', 'published', 'published', 'scheduled']);
    const postTags = shuffle(tags, random).slice(0, int(4));
    const postAuthors = shuffle(users, random).slice(0, 1 + int(2));
    const created = dateAround();
    posts.push({
      id: hexId(1000 + i),
      uuid: uuid(random),
      title: words.join(' '),
      slug: specialSlugs[i] ?? `post-${i}`,
      status,
      visibility: pick(['public', 'public', 'members', 'paid']),
      type: chance(0.2) ? 'page' : 'post',
      featured: chance(0.3),
      feature_image: chance(0.5) ? `https://img.example/${pick(TEXT_POOL)}.png` : null,
      custom_excerpt: chance(0.4) ? pick(TEXT_POOL) : null,
      reading_time: int(12),
      published_at: status === 'draft' && chance(0.7) ? null : dateAround(),
      created_at: created,
      updated_at: chance(0.2) ? created : dateAround(),
      tags: postTags,
      authors: postAuthors,
    });
  }
  return { roles: ROLES, tags, users, posts };
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

function uuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}
