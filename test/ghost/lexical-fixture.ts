// Lexical documents as the reference's editor (Ghost 5.130) saves them — every node with its version,
// direction, format and indent — for the posts of a Ghost 5 export (lexical-import.test.ts) and for
// writes through the v5 Admin API (test/api/lexical-posts.test.ts). Site images are written with the
// `__GHOST_URL__` prefix an export carries; `lexicalAt` resolves it for a site.
type Node = Record<string, unknown>;

const text = (value: string, format = 0): Node => ({ detail: 0, format, mode: 'normal', style: '', text: value, type: 'extended-text', version: 1 });
const element = (type: string, children: Node[], extra: Node = {}): Node => ({ children, direction: 'ltr', format: '', indent: 0, type, version: 1, ...extra });
const paragraph = (...children: Node[]) => element('paragraph', children);
const heading = (tag: string, value: string) => element('extended-heading', [text(value)], { tag });
const link = (url: string, value: string) => element('link', [text(value)], { rel: null, target: null, title: null, url });
const item = (value: number, ...children: Node[]) => element('listitem', children, { value });
const list = (listType: string, ...items: Node[]) => element('list', items, { listType, start: 1, tag: listType === 'number' ? 'ol' : 'ul' });
const doc = (...children: Node[]): string => JSON.stringify({ root: { children, direction: 'ltr', format: '', indent: 0, type: 'root', version: 1 } });

const IMAGE = '__GHOST_URL__/content/images/2024/03/photo.png';

/** Headings (ids slugged and deduplicated), text formats, links, line breaks, quotes, nested lists, a rule. */
export const ESSAY = doc(
  heading('h2', 'Why we write'),
  paragraph(
    text('Plain, '),
    text('bold', 1),
    text(' and '),
    text('italic', 2),
    text(', '),
    text('code()', 16),
    text(' and '),
    link('https://example.com/a?b=1&c=2', 'a link'),
    text('.'),
  ),
  paragraph(text('First line'), { type: 'linebreak', version: 1 }, text('second line <not a tag> & more')),
  heading('h2', 'Why we write'),
  element('extended-quote', [text('A quotation, “curly”.')]),
  element('aside', [text('An aside.')]),
  list('bullet', item(1, text('one')), item(2, text('two')), item(3, list('bullet', item(1, text('nested'))))),
  list('number', item(1, text('first')), item(2, text('second'))),
  { type: 'horizontalrule', version: 1 },
  heading('h3', 'Ünïcode & “quotes”'),
  paragraph(),
);

/** Cards with media and links: image (a site image wider than uploads are kept), gallery, bookmark, embed, button, callout, toggle. */
export const MEDIA = doc(
  {
    type: 'image',
    version: 1,
    src: IMAGE,
    width: 3000,
    height: 2000,
    title: '',
    alt: 'A "photo"',
    caption: '<span style="white-space: pre-wrap;">Taken </span><b><strong>there</strong></b>',
    cardWidth: 'wide',
    href: '',
  },
  {
    type: 'gallery',
    version: 1,
    images: [
      { row: 0, src: IMAGE, width: 1200, height: 800, fileName: 'photo.png', alt: '', caption: '' },
      { row: 0, src: 'https://cdn.example.com/b.jpg', width: 800, height: 800, fileName: 'b.jpg', alt: 'b', caption: 'B' },
    ],
    caption: 'Two pictures',
  },
  {
    type: 'bookmark',
    version: 1,
    url: 'https://example.com/article',
    metadata: {
      icon: 'https://example.com/icon.png',
      title: 'An article',
      description: 'About <things>',
      author: 'Ann',
      publisher: 'Example',
      thumbnail: 'https://example.com/t.png',
    },
    caption: '',
  },
  {
    type: 'embed',
    version: 1,
    url: 'https://www.youtube.com/watch?v=x',
    embedType: 'video',
    html: '<iframe src="https://www.youtube.com/embed/x"></iframe>',
    metadata: {},
    caption: 'A video',
  },
  { type: 'button', version: 1, buttonText: 'Subscribe', alignment: 'center', buttonUrl: 'https://example.com/subscribe' },
  { type: 'callout', version: 1, calloutText: '<p><span style="white-space: pre-wrap;">Mind this</span></p>', calloutEmoji: '💡', backgroundColor: 'grey' },
  {
    type: 'toggle',
    version: 1,
    heading: '<span style="white-space: pre-wrap;">Question?</span>',
    content: '<p><span style="white-space: pre-wrap;">Answer.</span></p>',
  },
  paragraph(text('After the cards.')),
);

/** Cards of text and code: markdown, code block, html, header (v2), product, signup and call-to-action as on the web. */
export const TECHNICAL = doc(
  { type: 'markdown', version: 1, markdown: '## Markdown heading\n\n*emphasis* and `code`\n\n- a\n- b' },
  { type: 'codeblock', version: 1, code: 'const a = "<b>";\nconsole.log(a);', language: 'javascript', caption: 'A snippet' },
  { type: 'html', version: 1, html: '<div class="raw"><em>raw</em> html</div>' },
  {
    type: 'header',
    version: 2,
    size: 'small',
    style: 'dark',
    buttonEnabled: true,
    buttonUrl: 'https://example.com/join',
    buttonText: 'Join',
    header: '<span style="white-space: pre-wrap;">Big news</span>',
    subheader: '<span style="white-space: pre-wrap;">Small print</span>',
    backgroundImageSrc: '',
    accentColor: '#FF1A75',
    alignment: 'center',
    backgroundColor: '#000000',
    backgroundImageWidth: null,
    backgroundImageHeight: null,
    backgroundSize: 'cover',
    textColor: '#FFFFFF',
    buttonColor: '#ffffff',
    buttonTextColor: '#000000',
    layout: 'full',
    swapped: false,
  },
  {
    type: 'product',
    version: 1,
    productImageSrc: 'https://cdn.example.com/p.jpg',
    productImageWidth: 200,
    productImageHeight: 100,
    productTitle: '<span style="white-space: pre-wrap;">A product</span>',
    productDescription: '<p><span style="white-space: pre-wrap;">It is good.</span></p>',
    productRatingEnabled: true,
    productStarRating: 4,
    productButtonEnabled: true,
    productButton: 'Buy',
    productUrl: 'https://example.com/buy',
  },
  paragraph(text('The end.')),
);

/** A page: a short one. */
export const ABOUT = doc(heading('h1', 'About us'), paragraph(text('We are '), text('small', 8), text('.')));

/** The document with a site's address where the export has `__GHOST_URL__` (as the import rewrites it). */
export function lexicalAt(lexical: string, site: string): string {
  return lexical.replaceAll('__GHOST_URL__', site);
}

export const LEXICAL_POSTS = [
  { id: '66a000000000000000000001', slug: 'essay', lexical: ESSAY, type: 'post' },
  { id: '66a000000000000000000002', slug: 'media', lexical: MEDIA, type: 'post' },
  { id: '66a000000000000000000003', slug: 'technical', lexical: TECHNICAL, type: 'post' },
  { id: '66a000000000000000000004', slug: 'about-us', lexical: ABOUT, type: 'page' },
] as const;
