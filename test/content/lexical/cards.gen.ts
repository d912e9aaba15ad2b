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
]);
