// Ghost exports made here from the reference's documented format (a 5.x `db/` export): tables and
// columns as Ghost names them, dates as `YYYY-MM-DD HH:MM:SS` UTC, booleans 0/1, JSON strings for
// mobiledoc, lexical and navigation, images under `__GHOST_URL__/content/images/`.
import { strToU8, zipSync } from 'fflate';

export const OWNER_ID = '1';
const at = (day: number) => `2024-03-${String(day).padStart(2, '0')} 10:00:00`;

/** A mobiledoc holding every card pressroom renders, between two paragraphs. */
export function everyCardMobiledoc(): string {
  const cards: [string, Record<string, unknown>][] = [
    ['image', { src: '__GHOST_URL__/content/images/2024/03/photo.png', alt: 'A photo', caption: 'Caption', cardWidth: 'wide' }],
    ['gallery', { images: [{ fileName: 'a.png', src: '__GHOST_URL__/content/images/2024/03/photo.png', width: 10, height: 10, row: 0 }] }],
    ['markdown', { markdown: '## Markdown\n\n*emphasis*' }],
    ['html', { html: '<div class="raw">raw</div>' }],
    ['embed', { url: 'https://example.com/v', html: '<iframe src="https://example.com/v"></iframe>', type: 'video' }],
    ['bookmark', { url: 'https://example.com', metadata: { url: 'https://example.com', title: 'Example', description: 'An example' } }],
    ['code', { code: 'const a = 1;', language: 'js' }],
    ['hr', {}],
    ['callout', { calloutEmoji: '💡', calloutText: 'Note this', backgroundColor: 'grey' }],
    ['toggle', { heading: 'Question', content: 'Answer' }],
    ['button', { buttonText: 'Go', buttonUrl: 'https://example.com', alignment: 'center' }],
    ['header', { header: 'Big', subheader: 'small', size: 'small', style: 'dark' }],
    ['paywall', {}],
    ['video', { src: '__GHOST_URL__/content/media/v.mp4', width: 640, height: 360, duration: 3 }],
    ['audio', { src: '__GHOST_URL__/content/media/a.mp3', title: 'Sound', duration: 3 }],
    ['file', { src: '__GHOST_URL__/content/files/f.pdf', fileName: 'f.pdf', fileTitle: 'File', fileSize: 10 }],
  ];
  return JSON.stringify({
    version: '0.3.1',
    ghostVersion: '4.0',
    atoms: [],
    markups: [['strong']],
    cards,
    sections: [
      [
        1,
        'p',
        [
          [0, [0], 1, 'Bold'],
          [0, [], 0, ' start.'],
        ],
      ],
      ...cards.map((_, i) => [10, i]),
      [1, 'p', [[0, [], 0, 'End.']]],
    ],
  });
}

const lexical = JSON.stringify({
  root: { children: [{ type: 'paragraph', children: [{ type: 'text', text: 'From lexical', format: 0 }] }], type: 'root', version: 1 },
});

interface PostSpec {
  id: string;
  slug: string;
  status?: string;
  type?: string;
  body: 'mobiledoc' | 'lexical' | 'html';
  html?: string;
  mobiledoc?: string;
  published?: string | null;
  featured?: number;
}

function post(spec: PostSpec, n: number): Record<string, unknown> {
  return {
    id: spec.id,
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Title ${spec.slug}`,
    slug: spec.slug,
    mobiledoc: spec.body === 'mobiledoc' ? (spec.mobiledoc ?? everyCardMobiledoc()) : null,
    lexical: spec.body === 'lexical' ? lexical : null,
    html:
      spec.html ?? (spec.body === 'lexical' ? '<p>From lexical</p><img src="__GHOST_URL__/content/images/2024/03/photo.png">' : '<p>Only <em>html</em></p>'),
    comment_id: spec.id,
    plaintext: 'plain',
    feature_image: '__GHOST_URL__/content/images/2024/03/photo.png',
    featured: spec.featured ?? 0,
    type: spec.type ?? 'post',
    status: spec.status ?? 'published',
    locale: null,
    visibility: 'public',
    email_recipient_filter: 'all',
    created_at: at(n),
    created_by: OWNER_ID,
    updated_at: at(n),
    updated_by: OWNER_ID,
    published_at: spec.published === undefined ? at(n) : spec.published,
    published_by: OWNER_ID,
    custom_excerpt: n === 1 ? 'A custom excerpt' : null,
    codeinjection_head: n === 1 ? '<style>.a{}</style>' : null,
    codeinjection_foot: null,
    custom_template: null,
    canonical_url: null,
    newsletter_id: null,
    show_title_and_feature_image: 1,
  };
}

export const POSTS: PostSpec[] = [
  { id: '65f000000000000000000001', slug: 'every-card', body: 'mobiledoc', html: '<p>Ghost rendered this</p>', featured: 1 },
  { id: '65f000000000000000000002', slug: 'lexical-post', body: 'lexical' },
  { id: '65f000000000000000000003', slug: 'html-only', body: 'html' },
  { id: '65f000000000000000000004', slug: 'a-draft', body: 'mobiledoc', status: 'draft', published: null, html: '<p>draft</p>' },
  { id: '65f000000000000000000005', slug: 'scheduled', body: 'mobiledoc', status: 'scheduled', published: '2099-01-01 00:00:00', html: '<p>later</p>' },
  { id: '65f000000000000000000006', slug: 'about', body: 'lexical', type: 'page' },
  { id: '65f000000000000000000007', slug: 'newsletter-only', body: 'mobiledoc', status: 'sent', html: '<p>email</p>' },
];

export function ghostExport(overrides: { posts?: Record<string, unknown>[] } = {}): Record<string, unknown> {
  const posts = overrides.posts ?? POSTS.map((spec, i) => post(spec, i + 1));
  return {
    db: [
      {
        meta: { exported_on: 1710000000000, version: '5.130.0' },
        data: {
          // in the reference's (alphabetical) table order: posts before the tables they link to
          members: [{ id: 'm1', email: 'reader@example.com' }],
          newsletters: [{ id: 'n1', name: 'Weekly' }],
          posts,
          posts_authors: [
            { id: 'pa1', post_id: POSTS[0].id, author_id: '5951f5fca366002ebd5dbef8', sort_order: 0 },
            { id: 'pa2', post_id: POSTS[0].id, author_id: OWNER_ID, sort_order: 1 },
            { id: 'pa3', post_id: POSTS[1].id, author_id: OWNER_ID, sort_order: 0 },
            { id: 'pa4', post_id: POSTS[2].id, author_id: '5951f5fca366002ebd5dbef8', sort_order: 0 },
          ],
          posts_meta: [
            {
              id: 'pm1',
              post_id: POSTS[0].id,
              og_title: 'OG title',
              twitter_description: 'Tw',
              meta_title: 'Meta title',
              feature_image_alt: 'alt',
              feature_image_caption: 'cap',
              email_subject: null,
              frontmatter: null,
              email_only: 0,
            },
          ],
          posts_tags: [
            { id: 'pt1', post_id: POSTS[0].id, tag_id: 't2', sort_order: 1 },
            { id: 'pt2', post_id: POSTS[0].id, tag_id: 't1', sort_order: 0 },
            { id: 'pt3', post_id: POSTS[0].id, tag_id: 't3', sort_order: 2 },
          ],
          roles: [
            { id: 'r1', name: 'Owner' },
            { id: 'r2', name: 'Editor' },
          ],
          roles_users: [
            { id: 'ru1', role_id: 'r1', user_id: OWNER_ID },
            { id: 'ru2', role_id: 'r2', user_id: '5951f5fca366002ebd5dbef8' },
          ],
          settings: [
            { id: 's1', group: 'site', key: 'title', value: 'Imported site', type: 'string' },
            { id: 's2', group: 'site', key: 'navigation', value: '[{"label":"About","url":"__GHOST_URL__/about/"}]', type: 'array' },
            { id: 's3', group: 'site', key: 'locale', value: 'de', type: 'string' },
            { id: 's4', group: 'site', key: 'logo', value: '__GHOST_URL__/content/images/2024/03/photo.png', type: 'string' },
            { id: 's5', group: 'core', key: 'db_hash', value: 'secret-hash', type: 'string' },
            { id: 's6', group: 'core', key: 'admin_session_secret', value: 'secret', type: 'string' },
          ],
          snippets: [{ id: 'sn1', name: 'Snip' }],
          tags: [
            {
              id: 't1',
              name: 'News',
              slug: 'news',
              description: 'All the news',
              accent_color: '#ff0000',
              visibility: 'public',
              meta_title: 'News meta',
              created_at: at(1),
              updated_at: at(1),
            },
            {
              id: 't2',
              name: 'Tech',
              slug: 'tech',
              visibility: 'public',
              feature_image: '__GHOST_URL__/content/images/2024/03/photo.png',
              created_at: at(1),
              updated_at: at(1),
            },
            { id: 't3', name: '#hidden', slug: 'hash-hidden', visibility: 'internal', created_at: at(1), updated_at: at(1) },
          ],
          users: [
            {
              id: OWNER_ID,
              name: 'Old Owner',
              slug: 'old-owner',
              password: '$2a$10$hashhashhash',
              email: 'old-owner@example.com',
              bio: 'Founder',
              status: 'active',
              created_at: at(1),
              updated_at: at(1),
            },
            {
              id: '5951f5fca366002ebd5dbef8',
              name: 'Grace Hopper',
              slug: 'grace',
              password: '$2a$10$other',
              email: 'grace@example.com',
              website: 'https://grace.example',
              status: 'active',
              created_at: at(1),
              updated_at: at(1),
            },
          ],
        },
      },
    ],
  };
}

export function exportBytes(data: unknown = ghostExport()): Uint8Array {
  return strToU8(JSON.stringify(data));
}

/** A 1×1 PNG. */
export const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);

/** The reference's "export with media": the JSON and the images it names. */
export function exportZip(data: unknown = ghostExport()): Uint8Array {
  return zipSync({ 'my-site.ghost.2024-03-10.json': exportBytes(data), 'content/images/2024/03/photo.png': PNG, 'content/images/notes.txt': strToU8('hi') });
}
