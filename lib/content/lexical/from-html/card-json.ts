// The cards as the reference's nodes serialize them (kg-default-nodes 2.0.1 exportJSON): keys in its
// order, and its constructors' defaults — a falsy value takes the default (`data.x || default`), a
// boolean property only a missing one (`data.x ?? default`).

type Data = Record<string, unknown>;
type Property = readonly [name: string, fallback: unknown];

const DEFAULT_VISIBILITY = () => ({
  web: { nonMember: true, memberSegment: 'status:free,status:-free' },
  email: { memberSegment: 'status:free,status:-free' },
});

function build(type: string, properties: readonly Property[], data: Data): Record<string, unknown> {
  const json: Record<string, unknown> = { type, version: 1 };
  for (const [name, fallback] of properties) {
    const value = data[name];
    json[name] = typeof fallback === 'boolean' ? (value ?? fallback) : value || (typeof fallback === 'function' ? (fallback as () => unknown)() : fallback);
  }
  return json;
}

/** The reference never stores a data: URL: it writes a placeholder instead. */
function withoutBlob(card: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = card[key];
  if (typeof value === 'string' && value.startsWith('data:')) card[key] = '<base64String>';
  return card;
}

export function imageJson(data: Data): Record<string, unknown> {
  const card = build(
    'image',
    [
      ['src', ''],
      ['width', null],
      ['height', null],
      ['title', ''],
      ['alt', ''],
      ['caption', ''],
      ['cardWidth', 'regular'],
      ['href', ''],
    ],
    data,
  );
  return withoutBlob(card, 'src');
}

export const codeBlockJson = (data: Data) =>
  build(
    'codeblock',
    [
      ['code', ''],
      ['language', ''],
      ['caption', ''],
    ],
    data,
  );

export const videoJson = (data: Data) =>
  withoutBlob(
    build(
      'video',
      [
        ['src', ''],
        ['caption', ''],
        ['fileName', ''],
        ['mimeType', ''],
        ['width', null],
        ['height', null],
        ['duration', 0],
        ['thumbnailSrc', ''],
        ['customThumbnailSrc', ''],
        ['thumbnailWidth', null],
        ['thumbnailHeight', null],
        ['cardWidth', 'regular'],
        ['loop', false],
      ],
      data,
    ),
    'src',
  );

export const audioJson = (data: Data) =>
  build(
    'audio',
    [
      ['duration', 0],
      ['mimeType', ''],
      ['src', ''],
      ['title', ''],
      ['thumbnailSrc', ''],
    ],
    data,
  );

/** The callout keeps an empty emoji (its constructor defaults only a missing one). */
export const calloutJson = (data: Data) => ({
  type: 'callout',
  version: 1,
  calloutText: data.calloutText || '',
  calloutEmoji: data.calloutEmoji !== undefined ? data.calloutEmoji : '💡',
  backgroundColor: data.backgroundColor || 'blue',
});

export const toggleJson = (data: Data) =>
  build(
    'toggle',
    [
      ['heading', ''],
      ['content', ''],
    ],
    data,
  );

export const buttonJson = (data: Data) =>
  build(
    'button',
    [
      ['buttonText', ''],
      ['alignment', 'center'],
      ['buttonUrl', ''],
    ],
    data,
  );

export function bookmarkJson(data: { url?: unknown; metadata: Data; caption?: unknown }): Record<string, unknown> {
  const meta = (name: string) => data.metadata[name] || '';
  return {
    type: 'bookmark',
    version: 1,
    url: data.url || '',
    metadata: {
      icon: meta('icon'),
      title: meta('title'),
      description: meta('description'),
      author: meta('author'),
      publisher: meta('publisher'),
      thumbnail: meta('thumbnail'),
    },
    caption: data.caption || '',
  };
}

export const embedJson = (data: Data) =>
  build(
    'embed',
    [
      ['url', ''],
      ['embedType', ''],
      ['html', ''],
      ['metadata', () => ({})],
      ['caption', ''],
    ],
    data,
  );

export const galleryJson = (data: Data) =>
  build(
    'gallery',
    [
      ['images', () => []],
      ['caption', ''],
    ],
    data,
  );

export const htmlJson = (data: Data) =>
  build(
    'html',
    [
      ['html', ''],
      ['visibility', DEFAULT_VISIBILITY],
    ],
    data,
  );

/** The file card is the one the reference writes without a version. */
export function fileJson(data: Data): Record<string, unknown> {
  const { version: _version, ...rest } = build(
    'file',
    [
      ['src', ''],
      ['fileTitle', ''],
      ['fileCaption', ''],
      ['fileName', ''],
      ['fileSize', ''],
    ],
    data,
  );
  void _version;
  return withoutBlob(rest, 'src');
}

export const horizontalRuleJson = () => ({ type: 'horizontalrule', version: 1 });
export const paywallJson = () => ({ type: 'paywall', version: 1 });

/** The header card; `version` is one of its properties (1 or 2), in the key the node's own version holds. */
export const headerJson = (data: Data) =>
  build(
    'header',
    [
      ['size', 'small'],
      ['style', 'dark'],
      ['buttonEnabled', false],
      ['buttonUrl', ''],
      ['buttonText', ''],
      ['header', ''],
      ['subheader', ''],
      ['backgroundImageSrc', ''],
      ['version', 1],
      ['accentColor', '#FF1A75'],
      ['alignment', 'center'],
      ['backgroundColor', '#000000'],
      ['backgroundImageWidth', null],
      ['backgroundImageHeight', null],
      ['backgroundSize', 'cover'],
      ['textColor', '#FFFFFF'],
      ['buttonColor', '#ffffff'],
      ['buttonTextColor', '#000000'],
      ['layout', 'full'],
      ['swapped', false],
    ],
    data,
  );

export const productJson = (data: Data) =>
  withoutBlob(
    build(
      'product',
      [
        ['productImageSrc', ''],
        ['productImageWidth', null],
        ['productImageHeight', null],
        ['productTitle', ''],
        ['productDescription', ''],
        ['productRatingEnabled', false],
        ['productStarRating', 5],
        ['productButtonEnabled', false],
        ['productButton', ''],
        ['productUrl', ''],
      ],
      data,
    ),
    'productImageSrc',
  );

export const callToActionJson = (data: Data) =>
  build(
    'call-to-action',
    [
      ['layout', 'minimal'],
      ['alignment', 'left'],
      ['textValue', ''],
      ['showButton', true],
      ['showDividers', true],
      ['buttonText', 'Learn more'],
      ['buttonUrl', ''],
      ['buttonColor', '#000000'],
      ['buttonTextColor', '#ffffff'],
      ['hasSponsorLabel', true],
      ['sponsorLabel', '<p><span style="white-space: pre-wrap;">SPONSORED</span></p>'],
      ['backgroundColor', 'grey'],
      ['linkColor', 'text'],
      ['imageUrl', ''],
      ['imageWidth', null],
      ['imageHeight', null],
      ['visibility', DEFAULT_VISIBILITY],
    ],
    data,
  );

/** The signup card's own constructor: a transparent background leaves the text colour to the page unless an image covers it. */
export function signupJson(data: Data): Record<string, unknown> {
  const card = build(
    'signup',
    [
      ['alignment', 'left'],
      ['backgroundColor', '#F0F0F0'],
      ['backgroundImageSrc', ''],
      ['backgroundSize', 'cover'],
      ['textColor', '#000000'],
      ['buttonColor', 'accent'],
      ['buttonTextColor', '#FFFFFF'],
      ['buttonText', 'Subscribe'],
      ['disclaimer', ''],
      ['header', ''],
      ['labels', () => []],
      ['layout', 'wide'],
      ['subheader', ''],
      ['successMessage', 'Email sent! Check your inbox to complete your signup.'],
      ['swapped', false],
    ],
    data,
  );
  card.swapped = data.swapped || false; // `||` here, where generated nodes use `??`
  if (data.backgroundColor === 'transparent' && (data.layout === 'split' || !data.backgroundImageSrc)) card.textColor = '';
  return card;
}
