// The Content API requests a theme or a Next.js front end sends while people read a site: posts by
// slug, the home page and its older pages, tag and author archives, and the lists and settings every
// page's chrome shows. Popularity is Zipf-skewed (new posts, first pages and big tags are read most),
// and the sequence is seeded, so every run and every server measured gets the same one.
import { seeded, zipf } from './random';

const CONTENT = '/svc/api/v3/content';
/** Posts per page of a browse (the Content API's default limit). */
const PER_PAGE = 15;

/** What a front end knows of the site it shows. */
export interface SiteFacts {
  contentKey: string;
  /** Published posts, newest first. */
  postSlugs: readonly string[];
  /** Tags with their published posts, most used first. */
  tags: readonly { slug: string; posts: number }[];
  /** Authors with their published posts, most published first. */
  authors: readonly { slug: string; posts: number }[];
  pageSlugs: readonly string[];
}

type Choose = (random: () => number) => string;

/** Page numbers of a list of `total` posts, the first read most. */
function pages(total: number): (random: () => number) => number {
  const page = zipf(Math.max(1, Math.ceil(total / PER_PAGE)), 1.5);
  return (random) => page(random) + 1;
}

const pageParam = (page: number) => (page === 1 ? '' : `&page=${page}`);

/** An archive: a Zipf-chosen member's posts, a Zipf-chosen page of them. */
function archive(kind: 'tag' | 'author', members: SiteFacts['tags'], key: string): Choose {
  const member = zipf(members.length);
  const pageOf = members.map((m) => pages(m.posts));
  return (random) => {
    const m = member(random);
    return `${CONTENT}/posts/?key=${key}&filter=${kind}:${members[m].slug}&include=tags,authors${pageParam(pageOf[m](random))}`;
  };
}

/** One of `list`, Zipf-chosen, in `path`. */
function oneOf(list: readonly string[], path: (item: string) => string): Choose {
  const index = zipf(list.length);
  return (random) => path(list[index(random)]);
}

/** The mix: each kind of request with its share of all requests. */
function kinds(site: SiteFacts): [share: number, pick: Choose][] {
  const key = site.contentKey;
  const homePage = pages(site.postSlugs.length);
  return [
    [0.3, oneOf(site.postSlugs, (slug) => `${CONTENT}/posts/slug/${slug}/?key=${key}&include=tags,authors`)],
    [0.25, (random) => `${CONTENT}/posts/?key=${key}&include=tags,authors${pageParam(homePage(random))}`],
    [0.2, archive('tag', site.tags, key)],
    [0.1, archive('author', site.authors, key)],
    [0.05, () => `${CONTENT}/settings/?key=${key}`],
    [0.04, () => `${CONTENT}/tags/?key=${key}&include=count.posts&limit=all`],
    [0.03, () => `${CONTENT}/authors/?key=${key}&include=count.posts&limit=all`],
    [
      0.01,
      oneOf(
        site.tags.map((t) => t.slug),
        (slug) => `${CONTENT}/tags/slug/${slug}/?key=${key}&include=count.posts`,
      ),
    ],
    [
      0.01,
      oneOf(
        site.authors.map((a) => a.slug),
        (slug) => `${CONTENT}/authors/slug/${slug}/?key=${key}&include=count.posts`,
      ),
    ],
    [0.01, oneOf(site.pageSlugs, (slug) => `${CONTENT}/pages/slug/${slug}/?key=${key}`)],
  ];
}

/** `requests` request paths of the mix, the same for the same site and seed. */
export function frontEndMix(site: SiteFacts, requests: number, seed = 22): string[] {
  const mix = kinds(site);
  const total = mix.reduce((sum, [share]) => sum + share, 0);
  const random = seeded(seed);
  return Array.from({ length: requests }, () => {
    let roll = random() * total;
    for (const [share, pick] of mix) {
      if (roll < share) return pick(random);
      roll -= share;
    }
    return mix[0][1](random);
  });
}
