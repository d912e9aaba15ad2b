import { AUTHOR_HTML, MARKDOWN, RAW_HTML, type Generator, type Node } from './generate';

// Field generators for each card type, as the reference's editor writes them (plus missing and odd values).

const visibility = (g: Generator): Record<string, unknown> | undefined => {
  if (g.chance(0.6)) return undefined;
  if (g.chance(0.3)) return { showOnWeb: g.chance(0.5), showOnEmail: g.chance(0.5), emailOnly: g.chance(0.3) ? true : undefined, segment: '' };
  return {
    web: { nonMember: g.chance(0.6), memberSegment: g.pick(['status:free,status:-free', 'status:free', 'status:-free', '']) },
    email: { memberSegment: g.pick(['status:free,status:-free', 'status:free', '']) },
  };
};

const maybe = <T>(g: Generator, value: T): T | undefined => (g.chance(0.85) ? value : undefined);

export const CARD_GENERATORS: ReadonlyMap<string, (g: Generator) => Node> = new Map<string, (g: Generator) => Node>([
  ['horizontalrule', () => ({ type: 'horizontalrule' })],
  ['paywall', () => ({ type: 'paywall' })],
  ['email', (g) => ({ type: 'email', html: g.pick(RAW_HTML) })],
  ['email-cta', (g) => ({ type: 'email-cta', html: g.pick(RAW_HTML), buttonText: 'Go', buttonUrl: g.url(), showButton: g.chance(0.5) })],
  [
    'codeblock',
    (g) => ({
      type: 'codeblock',
      code: g.chance(0.1) ? '  ' : g.text() + '\n' + g.text(),
      language: maybe(g, g.pick(['js', 'html', '', 'a"b'])),
      caption: g.authorHtml(),
    }),
  ],
  ['html', (g) => ({ type: 'html', html: g.chance(0.1) ? '' : g.pick(RAW_HTML), visibility: visibility(g) })],
  ['markdown', (g) => ({ type: 'markdown', markdown: g.pick(MARKDOWN) })],
  [
    'callout',
    (g) => ({
      type: 'callout',
      calloutText: g.pick([...AUTHOR_HTML, '<p><span style="white-space: pre-wrap;">Callout</span></p>', '<h2>not allowed</h2><script>x()</script>']),
      calloutEmoji: g.pick([undefined, '', '💡', '🎉', '<b>']),
      backgroundColor: g.pick([undefined, 'grey', 'white', 'blue', 'green', 'yellow', 'red', 'pink', 'purple', 'accent', 'bad color!']),
    }),
  ],
  ['toggle', (g) => ({ type: 'toggle', heading: g.authorHtml(), content: g.pick([...AUTHOR_HTML, '<p>para</p><ul><li>item</li></ul>']) })],
  [
    'button',
    (g) => ({
      type: 'button',
      buttonText: g.pick(['', 'Click <me>', 'Subscribe']),
      buttonUrl: g.chance(0.1) ? '' : g.url(),
      alignment: maybe(g, g.pick(['center', 'left', ''])),
    }),
  ],
  [
    'image',
    (g) => ({
      type: 'image',
      src: g.chance(0.05) ? '' : g.url(),
      width: maybe(g, g.pick([null, 400, 800, 1300, 2500, 3000])),
      height: maybe(g, g.pick([null, 300, 600, 1000])),
      title: maybe(g, g.pick(['', 'a "title"'])),
      alt: maybe(g, g.pick(['', 'alt & text', '"q"'])),
      caption: g.authorHtml(),
      cardWidth: maybe(g, g.pick(['regular', 'wide', 'full', ''])),
      href: maybe(g, g.chance(0.6) ? '' : g.url()),
    }),
  ],
  [
    'embed',
    (g) => ({
      type: 'embed',
      url: maybe(g, g.chance(0.2) ? '' : g.url()),
      embedType: g.pick(['video', 'rich', 'twitter', '']),
      html: g.chance(0.2) ? '' : g.pick(RAW_HTML),
      metadata: {},
      caption: g.authorHtml(),
    }),
  ],
  [
    'gallery',
    (g) => ({
      type: 'gallery',
      images: Array.from({ length: g.int(8) }, (_, i) => ({
        fileName: g.chance(0.9) ? `img${i}.jpg` : '',
        src: g.url(),
        width: g.pick([800, 1200, 2600, 500]),
        height: g.pick([600, 900, 0]),
        row: Math.floor(i / 3),
        alt: maybe(g, g.pick(['', 'alt "x"'])),
        title: maybe(g, g.pick(['', 'title'])),
        href: maybe(g, g.chance(0.7) ? '' : g.url()),
      })),
      caption: g.authorHtml(),
    }),
  ],
  [
    'bookmark',
    (g) => ({
      type: 'bookmark',
      url: g.chance(0.1) ? '' : g.url(),
      metadata: {
        icon: maybe(g, g.chance(0.3) ? '' : g.url()),
        title: maybe(g, g.text()),
        description: maybe(g, g.text()),
        author: maybe(g, g.pick(['', 'An Author', '<Author & co>'])),
        publisher: maybe(g, g.pick(['', 'Publisher'])),
        thumbnail: maybe(g, g.chance(0.3) ? '' : g.url()),
      },
      caption: g.authorHtml(),
    }),
  ],
  [
    'audio',
    (g) => ({
      type: 'audio',
      src: g.chance(0.1) ? '' : g.url(),
      title: maybe(g, g.text()),
      duration: maybe(g, g.pick([0, 61.5, 3600, 7])),
      thumbnailSrc: maybe(g, g.chance(0.5) ? '' : g.url()),
      mimeType: 'audio/mpeg',
    }),
  ],
  [
    'file',
    (g) => ({
      type: 'file',
      src: g.chance(0.1) ? '' : g.url(),
      fileTitle: maybe(g, g.text()),
      fileCaption: maybe(g, g.text()),
      fileName: maybe(g, 'report <final>.pdf'),
      fileSize: maybe(g, g.pick([0, 1, 1023, 123456, 98765432, ''])),
    }),
  ],
  [
    'video',
    (g) => ({
      type: 'video',
      src: g.chance(0.1) ? '' : g.unsafe && g.chance(0.4) ? 'javascript:alert(1)' : g.pick(VIDEO_URLS),
      caption: g.authorHtml(),
      fileName: 'v.mp4',
      mimeType: 'video/mp4',
      width: maybe(g, g.pick([null, 640, 1920])),
      height: maybe(g, g.pick([null, 480, 1080])),
      duration: maybe(g, g.pick([0, 5.5, 125, 3725])),
      thumbnailSrc: maybe(g, g.pick(['', ...VIDEO_URLS])),
      customThumbnailSrc: maybe(g, g.pick(['', '', ...VIDEO_URLS])),
      cardWidth: maybe(g, g.pick(['regular', 'wide', 'full', ''])),
      loop: maybe(g, g.chance(0.3)),
    }),
  ],
  [
    'header',
    (g) => ({
      type: 'header',
      version: g.pick([1, 2]),
      size: maybe(g, g.pick(['small', 'medium', 'large'])),
      style: maybe(g, g.pick(['dark', 'light', 'accent', 'image'])),
      header: g.authorHtml(),
      subheader: g.pick(['', '<br>', 'A subheader', ...AUTHOR_HTML.slice(0, 3)]),
      buttonEnabled: maybe(g, g.chance(0.6)),
      buttonUrl: maybe(g, g.chance(0.2) ? '' : g.unsafe && g.chance(0.3) ? 'javascript:alert(1)' : g.pick(COLOR_SAFE_URLS)),
      buttonText: maybe(g, g.pick(['', 'Go', 'Sign <up>'])),
      backgroundImageSrc: maybe(g, g.chance(0.4) ? '' : g.pick(COLOR_SAFE_URLS)),
      backgroundImageWidth: maybe(g, g.pick([null, 800, 3000])),
      backgroundImageHeight: maybe(g, g.pick([null, 600])),
      layout: maybe(g, g.pick(['full', 'wide', 'regular', 'split'])),
      swapped: maybe(g, g.chance(0.5)),
      backgroundSize: maybe(g, g.pick(['cover', 'contain'])),
      backgroundColor: maybe(g, g.pick(['#000000', 'accent', '#F0F0F0', 'transparent'])),
      textColor: maybe(g, g.pick(['#FFFFFF', '#000'])),
      buttonColor: maybe(g, g.pick(['#ffffff', 'accent'])),
      buttonTextColor: maybe(g, g.pick(['#000000', '#fff'])),
      alignment: maybe(g, g.pick(['center', 'left'])),
    }),
  ],
  [
    'product',
    (g) => ({
      type: 'product',
      productImageSrc: maybe(g, g.chance(0.4) ? '' : g.pick(COLOR_SAFE_URLS)),
      productImageWidth: maybe(g, g.pick([null, 200])),
      productImageHeight: maybe(g, g.pick([null, 100])),
      productTitle: g.authorHtml(),
      productDescription: g.authorHtml(),
      productRatingEnabled: maybe(g, g.chance(0.5)),
      productStarRating: maybe(g, g.pick([0, 1, 3, 5])),
      productButtonEnabled: maybe(g, g.chance(0.5)),
      productButton: maybe(g, g.pick(['', 'Buy now'])),
      productUrl: maybe(g, g.chance(0.2) ? '' : g.pick(COLOR_SAFE_URLS)),
    }),
  ],
  [
    'signup',
    (g) => ({
      type: 'signup',
      alignment: maybe(g, g.pick(['left', 'center'])),
      backgroundColor: maybe(g, g.pick(['#F0F0F0', 'accent', 'transparent'])),
      backgroundImageSrc: maybe(g, g.chance(0.5) ? '' : g.pick(COLOR_SAFE_URLS)),
      backgroundSize: maybe(g, g.pick(['cover', 'contain'])),
      textColor: maybe(g, g.pick(['', '#000000', '#FFFFFF'])),
      buttonColor: maybe(g, g.pick(['accent', '#123456'])),
      buttonTextColor: maybe(g, g.pick(['#FFFFFF', ''])),
      buttonText: maybe(g, g.pick(['', 'Subscribe', 'Join <now>'])),
      disclaimer: maybe(g, g.authorHtml()),
      header: maybe(g, g.authorHtml()),
      subheader: maybe(g, g.authorHtml()),
      labels: maybe(g, g.pick([[], ['news'], ['a', 'b c']])),
      layout: maybe(g, g.pick(['wide', 'full', 'regular', 'split'])),
      successMessage: maybe(g, g.pick(['', 'Thanks!'])),
      swapped: maybe(g, g.chance(0.5)),
    }),
  ],
  [
    'call-to-action',
    (g) => ({
      type: 'call-to-action',
      layout: maybe(g, g.pick(['minimal', 'immersive'])),
      alignment: maybe(g, g.pick(['left', 'center'])),
      textValue: maybe(g, g.authorHtml()),
      showButton: maybe(g, g.chance(0.6)),
      showDividers: maybe(g, g.chance(0.5)),
      buttonText: maybe(g, g.pick(['', 'Learn more', 'Go <now>'])),
      buttonUrl: maybe(g, g.chance(0.2) ? '' : g.pick(COLOR_SAFE_URLS)),
      buttonColor: maybe(g, g.pick(['#000000', 'accent', 'not a colour!', '#abc'])),
      buttonTextColor: maybe(g, g.pick(['#ffffff', '#000'])),
      hasSponsorLabel: maybe(g, g.chance(0.5)),
      sponsorLabel: maybe(
        g,
        g.pick([
          '<p><span style="white-space: pre-wrap;">SPONSORED</span></p>',
          '<p><br></p>',
          '',
          '  <p>A  <b></b> <i> </i>&nbsp;&nbsp;B</p><p>two</p>',
          'plain',
        ]),
      ),
      backgroundColor: maybe(g, g.pick(['grey', 'white', 'blue', '#ff0000', 'bad colour!'])),
      linkColor: maybe(g, g.pick(['text', 'accent'])),
      imageUrl: maybe(g, g.chance(0.5) ? '' : g.pick(COLOR_SAFE_URLS)),
      imageWidth: maybe(g, g.pick([null, 300])),
      imageHeight: maybe(g, g.pick([null, 200])),
      visibility: visibility(g),
    }),
  ],
]);

// Cards that paste URLs into templates unescaped in the reference: real URLs (no quotes or spaces).
const COLOR_SAFE_URLS = [
  'https://example.com/a?b=1&c=2',
  '/relative/path',
  'https://site.test/content/images/2024/01/photo.jpg',
  'https://images.unsplash.com/photo-1?w=2000',
];

// The video card pastes its URLs into attributes unescaped in the reference; real URLs (no quotes or spaces).
const VIDEO_URLS = ['https://example.com/v.mp4?a=1&b=2', '/content/media/v.mp4', 'https://site.test/content/media/2024/v.mp4'];
