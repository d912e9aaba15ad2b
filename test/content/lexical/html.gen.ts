import { random, SAFE_URLS, UNSAFE_URLS } from './generate';

// Seeded random HTML documents for the html → lexical differential test: every construct the reference's
// converter knows (text formats, links, line breaks, headings, lists, quotes, rules, images, figures,
// galleries, code, embeds, video, audio, bookmarks, buttons, callouts, toggles, files, html card markers,
// paywalls, tables, headers, products, call-to-action and signup cards, Medium galleries and "mixtape"
// bookmarks, Squarespace galleries), nested in each other, with odd white space, entities, hostile text
// and broken markup. Inline colours and background images are written in the forms pressroom reads
// (lib/content/lexical/from-html/css.ts; the others it refuses, test/content/lexical/from-html.test.ts).

const WORDS = [
  'plain words',
  'Hello',
  ' ',
  '  spaced \n out\t ',
  '&amp; &lt; &gt; &nbsp; &#39; &quot;',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '"double" \'single\' `back`',
  'non\u00a0breaking',
  'émoji 🎉 日本語',
  'tab\there',
  'line\nfeed',
  'cr\r\nlf',
  'zero\u200bwidth\u200c',
  'x &lt; y &gt; z',
  '{braces} [brackets]',
  '\n',
  '',
];

const FORMAT_TAGS = ['b', 'strong', 'i', 'em', 'u', 's', 'del', 'code', 'sub', 'sup', 'mark', 'span', 'small', 'abbr', 'q', 'kbd'];
const SPAN_STYLES = [
  'font-weight: 700',
  'font-weight:bold',
  'font-style: italic',
  'text-decoration: underline',
  'text-decoration: line-through',
  'vertical-align: sub',
  'vertical-align: super',
  'font-weight: normal',
  'display: block',
  'white-space: pre',
  'color: red',
];
const SPAN_CLASSES = ['Strikethrough', 'Highlight', 'other'];
const IMAGES = [
  'https://site.test/content/images/2024/01/photo.jpg',
  'photo.png',
  '//cdn.example.com/a.jpg',
  'data:image/png;base64,AAAA',
  'https://example.com/ü.jpg',
  '',
];
// colours as css.ts reads them: hex, integer rgb()/rgba(), keywords, invalid values, nothing
const COLORS = [
  '#FF1A75',
  '#abc',
  '#abcd',
  '#12345678',
  'rgb(1, 2, 3)',
  'rgb(10 20 300)',
  'rgba(0,0,0,0.5)',
  'rgb(4 5 6 / 50%)',
  'red',
  'transparent',
  'TRANSPARENT',
  'var(--accent)',
  'zz',
  'inherit',
  '',
];
const LANGUAGES = ['language-js', 'lang-python', 'language-', 'hljs', 'language-C++ extra'];

export class HtmlGenerator {
  private readonly next: () => number;
  private depth = 0;

  constructor(
    seed: number,
    private readonly unsafe = false,
  ) {
    this.next = random(seed);
  }

  private int(n: number): number {
    return Math.floor(this.next() * n);
  }

  private pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }

  private chance(p: number): boolean {
    return this.next() < p;
  }

  private ws(): string {
    return this.chance(0.7) ? '' : this.pick([' ', '\n', '\n  ', '\t', '  \n\n ']);
  }

  private url(): string {
    if (this.unsafe && this.chance(0.3)) return this.pick(UNSAFE_URLS);
    return this.pick(SAFE_URLS);
  }

  private attr(name: string, value: string): string {
    return ` ${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
  }

  private text(): string {
    let text = this.pick(WORDS);
    if (this.unsafe && this.chance(0.2)) text += '<img src=x onerror=alert(1)>';
    return text;
  }

  /** Inline content: text, formats (nested), links, line breaks. */
  inline(budget = 3): string {
    let out = '';
    const count = 1 + this.int(budget);
    for (let i = 0; i < count; i++) {
      const r = this.next();
      if (r < 0.4 || this.depth > 5) out += this.text();
      else if (r < 0.65) out += this.formatted();
      else if (r < 0.75)
        out += `<a${this.attr('href', this.url())}${this.chance(0.3) ? this.attr('title', 'T') : ''}${this.chance(0.2) ? ' target="_blank" rel="noopener"' : ''}>${this.nested(() => this.inline(2))}</a>`;
      else if (r < 0.85) out += '<br>';
      else if (r < 0.9) out += `<img${this.attr('src', this.pick(IMAGES))}${this.chance(0.5) ? this.attr('alt', 'alt') : ''}>`;
      else out += this.ws() || ' ';
    }
    return out;
  }

  private nested(make: () => string): string {
    this.depth++;
    const out = make();
    this.depth--;
    return out;
  }

  private formatted(): string {
    const tag = this.pick(FORMAT_TAGS);
    let attrs = '';
    if (tag === 'span' || (tag === 'b' && this.chance(0.3))) {
      if (this.chance(0.7)) attrs += this.attr('style', this.pick(SPAN_STYLES));
      if (this.chance(0.3)) attrs += this.attr('class', this.pick(SPAN_CLASSES));
    }
    return `<${tag}${attrs}>${this.nested(() => this.inline(2))}</${tag}>`;
  }

  private caption(): string {
    return this.chance(0.5) ? `<figcaption>${this.nested(() => this.inline(2))}</figcaption>` : '';
  }

  private img(): string {
    const src = this.pick(IMAGES);
    let attrs = this.attr('src', src);
    if (this.chance(0.5)) attrs += this.attr('width', this.pick(['600', '10px', '0', '-3', '1e3', ' 12 ']));
    if (this.chance(0.5)) attrs += this.attr('height', this.pick(['400', 'abc', '7']));
    if (this.chance(0.3)) attrs += this.attr('alt', this.pick(['alt "text"', '', 'é']));
    if (this.chance(0.2)) attrs += this.attr('title', 'a title');
    if (this.chance(0.1)) attrs += this.attr('data-width', '321');
    return `<img${attrs}>`;
  }

  /** One block-level construct. */
  block(): string {
    if (this.depth > 4) return `<p>${this.inline()}</p>`;
    const kinds: Array<() => string> = [
      () => `<p${this.chance(0.1) ? this.attr('style', this.pick(['text-align: center', 'text-indent: 40px', 'text-indent: 10px'])) : ''}>${this.inline()}</p>`,
      () => `<p>${this.inline()}</p>`,
      () => this.inline(),
      () => {
        const level = 1 + this.int(6);
        return `<h${level}${this.chance(0.1) ? ' style="text-align:right"' : ''}>${this.inline(2)}</h${level}>`;
      },
      () => `<p role="heading" aria-level="${this.pick(['2', '3', '9'])}">${this.inline(2)}</p>`,
      () => this.list(),
      () => this.list(),
      () => {
        const alt = this.chance(0.3) ? ' class="kg-blockquote-alt"' : '';
        const inner = this.chance(0.5) ? `<p>${this.inline(2)}</p>${this.ws()}<p>${this.inline(2)}</p>` : this.inline();
        return `<blockquote${alt}>${this.nested(() => (this.chance(0.15) ? this.block() : '') + inner)}</blockquote>`;
      },
      () => '<hr>',
      () => this.img(),
      () =>
        `<figure${this.chance(0.3) ? this.attr('class', this.pick(['kg-card kg-image-card kg-width-wide', 'kg-width-full', 'graf--layoutFillWidth'])) : ''}>${this.chance(0.3) ? `<a${this.attr('href', this.url())}>${this.img()}</a>` : this.img()}${this.caption()}</figure>`,
      () => this.gallery(),
      () => this.code(),
      () => this.embed(),
      () => this.video(),
      () => this.audio(),
      () => this.bookmark(),
      () =>
        `<div class="kg-card kg-button-card${this.pick([' kg-align-center', ' kg-align-left', ''])}"><a${this.attr('href', this.url())} class="kg-btn kg-btn-accent">${this.inline(1)}</a></div>`,
      () =>
        `<div class="kg-card kg-callout-card kg-callout-card-${this.pick(['blue', 'green', 'grey', 'white'])}">${this.chance(0.7) ? `<div class="kg-callout-emoji">${this.pick(['💡', '', '&lt;'])}</div>` : ''}<div class="kg-callout-text">${this.inline(2)}</div></div>`,
      () =>
        `<div class="kg-card kg-toggle-card" data-kg-toggle-state="close"><div class="kg-toggle-heading"><h4 class="kg-toggle-heading-text">${this.inline(1)}</h4></div><div class="kg-toggle-content">${this.chance(0.5) ? `<p>${this.inline(2)}</p>` : this.inline(1)}</div></div>`,
      () =>
        `<div class="kg-card kg-file-card"><a class="kg-file-card-container"${this.attr('href', this.url())}><div class="kg-file-card-title">${this.text()}</div><div class="kg-file-card-caption">${this.text()}</div><div class="kg-file-card-filename">f.pdf</div><div class="kg-file-card-filesize">${this.pick(['12 KB', '1.5 MB', '3 Bytes', 'x'])}</div></a></div>`,
      () =>
        `<div class="kg-card kg-header-card${this.pick([' kg-size-large kg-style-image', ' kg-size-small kg-style-dark', ''])}"${this.chance(0.5) ? this.attr('data-kg-background-image', this.pick(IMAGES)) : ''}>${this.chance(0.8) ? `<h2 class="kg-header-card-header">${this.inline(1)}</h2>` : ''}${this.chance(0.5) ? `<h3 class="kg-header-card-subheader">${this.text()}</h3>` : ''}${this.chance(0.5) ? `<a${this.attr('href', this.url())} class="kg-header-card-button">${this.text()}</a>` : ''}</div>`,
      () =>
        `<div class="kg-card kg-header-card kg-v2${this.pick([' kg-align-center', ' kg-style-accent', ''])}"${this.chance(0.5) ? this.attr('data-background-color', this.pick(['#123456', 'transparent'])) : ''}>${this.chance(0.5) ? `<img class="kg-header-card-image"${this.attr('src', this.pick(IMAGES))}>` : ''}<h2 class="kg-header-card-heading"${this.chance(0.5) ? ' data-text-color="#FFFFFF"' : ''}>${this.text()}</h2>${this.chance(0.5) ? `<p class="kg-header-card-subheading">${this.inline(1)}</p>` : ''}${this.chance(0.5) ? `<a${this.attr('href', this.url())} class="kg-header-card-button" data-button-color="#ffffff" data-button-text-color="#000000">${this.text()}</a>` : ''}</div>`,
      () =>
        `<div class="kg-card kg-product-card"><div class="kg-product-card-container">${this.chance(0.5) ? `<img${this.attr('src', this.pick(IMAGES))} width="200" class="kg-product-card-image">` : ''}${this.chance(0.7) ? `<div class="kg-product-card-title-container"><h4 class="kg-product-card-title">${this.inline(1)}</h4></div>` : ''}${this.chance(0.4) ? '<div class="kg-product-card-rating"><span class="kg-product-card-rating-active kg-product-card-rating-star">*</span><span class="kg-product-card-rating-star">*</span></div>' : ''}${this.chance(0.6) ? `<div class="kg-product-card-description">${this.inline(2)}</div>` : ''}${this.chance(0.5) ? `<a${this.attr('href', this.url())} class="kg-product-card-button"><span>${this.text()}</span></a>` : ''}</div></div>`,
      () => {
        let out = '';
        const count = 1 + this.int(3);
        for (let i = 0; i < count; i++)
          out += `<div data-paragraph-count="${1 + i}">${this.chance(0.7) ? `<figure>${this.img()}</figure>` : this.text()}${this.chance(0.3) ? `<figcaption>${this.text()}</figcaption>` : ''}</div>`;
        return out;
      },
      () =>
        `<!--kg-card-begin: html-->${this.ws()}${this.pick(['<div class="custom">x</div>', '<p>a</p>\n<p>b</p>', 'loose text', '<script>alert(1)</script>', '<table><tr><td>1</td></tr></table>'])}${this.ws()}<!--kg-card-end: html-->`,
      () => this.callToAction(),
      () => this.signup(),
      () => this.squarespaceGallery(),
      () => this.mixtape(),
      () => `<!--${this.pick(['members-only', ' members-only ', 'a comment', 'kg-card-begin: markdown'])}-->`,
      () =>
        `<table>${this.chance(0.5) ? '<thead><tr><th>h</th></tr></thead>' : ''}<tr><td>${this.inline(1)}</td><td><table><tr><td>n</td></tr></table></td></tr></table>`,
      () => `<div>${this.nested(() => this.block() + this.ws() + this.block())}</div>`,
      () => `<section><article>${this.nested(() => this.block())}</article></section>`,
      () => `<p>${this.inline(1)}${this.nested(() => this.block())}${this.inline(1)}</p>`,
      () => `<h2>${this.inline(1)}${this.nested(() => this.block())}</h2>`,
      () => this.malformed(),
      () => `<script>var x = "<p>";</script><style>p{}</style><noscript>${this.inline(1)}</noscript>`,
      () => `<pre>${this.pick(['a\n\tb', '\nlead', 'x  y\n\n'])}${this.chance(0.5) ? `<b>${this.text()}</b>` : ''}</pre>`,
      () => `<div style="white-space: pre-wrap">${this.pick(['a\nb', ' x\ty '])}</div>`,
      () => `<span style="font-size:26pt">${this.text()}</span>`,
      () => `<b style="font-weight:normal" id="docs-internal-guid-1"><p>${this.inline(1)}</p><br><p>${this.inline(1)}</p><p></p></b>`,
    ];
    return this.nested(() => this.pick(kinds)());
  }

  private malformed(): string {
    return this.pick([
      `<p>${this.text()}<p>${this.text()}`,
      `<b>${this.text()}<i>${this.text()}</b>${this.text()}</i>`,
      `<ul><li>${this.text()}<li>${this.text()}</ul>`,
      `<li>${this.text()}</li><li>${this.text()}</li>`,
      `</div></p>${this.text()}<p>`,
      `<a href="${this.url()}"><p>${this.text()}</p><h3>${this.text()}</h3></a>`,
      `<ol><p>${this.text()}</p>${this.text()}<h2>x</h2></ol>`,
      `<table><p>${this.text()}</p></table>`,
      `<img src="a.jpg"<p>x`,
      `<<>>&&;;&#xZZ;&unknown;`,
      `<div class="kg-callout-card">${this.text()}</div>`,
      `<figure><pre><code>${this.text()}</code></pre></figure>`,
      `<figure>${this.text()}<figcaption>only</figcaption></figure>`,
      `<figure class="kg-video-card"><video></video></figure>`,
      `<blockquote><ul><li>${this.text()}</li></ul></blockquote>`,
      `<a href="">  </a>${this.text()}`,
      `<a href="#"><img src="i.png"></a>`,
      `<ul><li><p>${this.text()}</p><p>${this.text()}</p></li><li><img src="i.png">${this.text()}</li></ul>`,
    ]);
  }

  private list(): string {
    const ordered = this.chance(0.5);
    const tag = ordered ? 'ol' : 'ul';
    let attrs = '';
    if (ordered && this.chance(0.3)) attrs += this.attr('start', this.pick(['3', '0', '-2', 'x', '2.5']));
    if (!ordered && this.chance(0.1)) attrs += ' __lexicallisttype="check"';
    let items = '';
    const count = 1 + this.int(4);
    for (let i = 0; i < count; i++) {
      const checked = this.chance(0.2) ? this.attr('aria-checked', this.pick(['true', 'false'])) : '';
      let content = this.chance(0.3) ? `<p>${this.inline(2)}</p>` : this.inline(2);
      if (this.depth < 4 && this.chance(0.3)) content += this.nested(() => this.list());
      if (this.depth < 4 && this.chance(0.05)) content += this.nested(() => this.block());
      items += `${this.ws()}<li${checked}>${content}</li>`;
    }
    return `<${tag}${attrs}>${items}${this.ws()}</${tag}>`;
  }

  private gallery(): string {
    let images = '';
    const count = 1 + this.int(5);
    for (let i = 0; i < count; i++) images += `<div class="kg-gallery-image">${this.img()}</div>`;
    return `<figure class="kg-card kg-gallery-card kg-width-wide"><div class="kg-gallery-container"><div class="kg-gallery-row">${images}</div></div>${this.caption()}</figure>`;
  }

  private code(): string {
    const code = this.pick(['const a = 1;\n  return a &lt; 2;', '<b>x</b>', '\n\nlead', '&amp;']);
    const cls = this.chance(0.6) ? this.attr('class', this.pick(LANGUAGES)) : '';
    const pre = `<pre${this.chance(0.2) ? this.attr('class', this.pick(LANGUAGES)) : ''}><code${cls}>${code}</code></pre>`;
    return this.chance(0.4) ? `<figure class="kg-card kg-code-card">${pre}${this.caption()}</figure>` : pre;
  }

  private embed(): string {
    const src = this.pick(['https://www.youtube.com/embed/abc', '//player.vimeo.com/video/1', 'relative/x', 'javascript:alert(1)', '']);
    const iframe = `<iframe${this.attr('src', src)} width="560" height="315" frameborder="0" allowfullscreen></iframe>`;
    const r = this.next();
    if (r < 0.4) return `<figure class="kg-card kg-embed-card">${iframe}${this.caption()}</figure>`;
    if (r < 0.7) return iframe;
    return `<figure class="kg-card kg-embed-card"><blockquote class="twitter-tweet"><p>${this.text()}</p><a${this.attr('href', this.pick(['https://twitter.com/x/status/1', '/rel', 'HTTP://UP.COM']))}>date</a></blockquote>${this.caption()}</figure>`;
  }

  private video(): string {
    const attrs = `${this.attr('src', this.pick(['https://site.test/v.mp4', 'v.mp4', '', 'data:video/mp4;base64,AA']))}${this.chance(0.5) ? ' width="640" height="480"' : ''}${this.chance(0.3) ? ' loop' : ''}${this.chance(0.3) ? this.attr('class', this.pick(['kg-width-wide', 'kg-width-full'])) : ''}`;
    return `<figure class="kg-card kg-video-card"${this.chance(0.3) ? ' data-kg-thumbnail="t.jpg"' : ''}${this.chance(0.2) ? ' data-kg-custom-thumbnail="c.jpg"' : ''}><div class="kg-video-container"><video${attrs}></video><div class="kg-video-overlay"></div><span class="kg-video-duration">${this.pick(['1:05', '0:00', '12', ''])}</span></div>${this.caption()}</figure>`;
  }

  private audio(): string {
    return `<div class="kg-card kg-audio-card">${this.chance(0.5) ? `<img${this.attr('src', this.pick(IMAGES))} class="kg-audio-thumbnail">` : ''}<div class="kg-audio-player-container"><audio${this.attr('src', this.pick(['a.mp3', 'https://site.test/a.mp3']))} preload="metadata"></audio><div class="kg-audio-title">${this.text()}</div><span class="kg-audio-duration">${this.pick(['2:30', '5', ''])}</span></div></div>`;
  }

  private bookmark(): string {
    const thumbnail = this.chance(0.5) ? `<div class="kg-bookmark-thumbnail"><img${this.attr('src', this.pick(IMAGES))} alt=""></div>` : '';
    return `<figure class="kg-card kg-bookmark-card"><a class="kg-bookmark-container"${this.attr('href', this.url())}><div class="kg-bookmark-content"><div class="kg-bookmark-title">${this.text()}</div><div class="kg-bookmark-description">${this.text()}</div><div class="kg-bookmark-metadata"><img class="kg-bookmark-icon"${this.attr('src', this.pick(IMAGES))}><span class="kg-bookmark-author">${this.text()}</span><span class="kg-bookmark-publisher">${this.text()}</span></div></div>${thumbnail}</a>${this.caption()}</figure>`;
  }

  /** An inline style with one colour property, or none; the background shorthand now and then. */
  private colorStyle(property: 'color' | 'background-color'): string {
    if (this.chance(0.3)) return '';
    const name = property === 'background-color' && this.chance(0.2) ? 'background' : property;
    return this.attr('style', `${name}:${this.pick([' ', ''])}${this.pick(COLORS)}${this.chance(0.1) ? ' !important' : ''}`);
  }

  private callToAction(): string {
    const classes = ['kg-card', 'kg-cta-card'];
    if (this.chance(0.5)) classes.push(`kg-cta-bg-${this.pick(['grey', 'white', 'blue', 'none', 'x-y'])}`);
    if (this.chance(0.4)) classes.push('kg-cta-has-dividers');
    if (this.chance(0.3)) classes.push(this.pick(['kg-cta-minimal', 'kg-cta-immersive']));
    const layout = this.chance(0.5) ? this.attr('data-layout', this.pick(['minimal', 'immersive', ''])) : '';
    const alignment = this.chance(0.5) ? this.attr('data-alignment', this.pick(['left', 'center', ''])) : '';
    const sponsor = this.chance(0.5)
      ? `<div class="kg-cta-sponsor-label-wrapper"><div class="kg-cta-sponsor-label">${this.ws()}${this.pick(['SPONSORED', '<span style="white-space: pre-wrap;">Ad</span>', '<p>nested <b>p</b></p>', '<div>block</div>', '', this.inline(1)])}${this.ws()}</div></div>`
      : '';
    const image = this.chance(0.4)
      ? `<div class="kg-cta-image-container">${this.chance(0.8) ? `<img${this.attr('src', this.pick(IMAGES))}${this.chance(0.5) ? ' width="300"' : ''}${this.chance(0.5) ? this.attr('height', this.pick(['200', 'x'])) : ''} alt="">` : ''}</div>`
      : '';
    const text = this.chance(0.95)
      ? `<div class="kg-cta-text">${this.ws()}${this.chance(0.5) ? `<p>${this.inline(2)}</p>` : this.inline(2)}${this.ws()}</div>`
      : '';
    const button = this.chance(0.6)
      ? `<a${this.chance(0.8) ? this.attr('href', this.url()) : ''} class="kg-cta-button ${this.pick(['kg-style-accent', ''])}"${this.colorStyle('background-color')}>${this.ws()}${this.text()}${this.ws()}</a>`
      : '';
    const content = this.pick([
      `${sponsor}<div class="kg-cta-content">${image}<div class="kg-cta-content-inner">${text}${button}</div></div>`,
      `${image}${text}${sponsor}${button}`,
      `${text}<div>${this.nested(() => this.block())}</div>${button}${sponsor}`,
    ]);
    return `<div${this.attr('class', classes.join(' '))}${layout}${alignment}>${content}</div>`;
  }

  private signup(): string {
    const classes = ['kg-card', 'kg-signup-card'];
    if (this.chance(0.5)) classes.push(this.pick(['kg-layout-split', 'kg-layout-full', 'kg-layout-wide', 'kg-layout-regular']));
    if (this.chance(0.2)) classes.push('kg-style-accent');
    if (this.chance(0.2)) classes.push('kg-swapped');
    if (this.chance(0.2)) classes.push('kg-content-wide');
    const marker = this.pick([' data-lexical-signup-form=""', ' data-lexical-signup-form', ' data-lexical-signup-form=""', ' data-lexical-signup-form="x"']);
    const image = this.chance(0.4)
      ? `<picture><img class="kg-signup-card-image"${this.chance(0.8) ? this.attr('src', this.pick(IMAGES)) : ''} alt=""></picture>`
      : '';
    const heading = (tag: string) => (this.chance(0.7) ? `<${tag} class="kg-signup-card-heading">${this.inline(1)}</${tag}>` : '');
    const label = () =>
      `<input${this.attr('data-members-label', '')}${this.pick([' type="hidden"', ' type="text"', '', ' type="url"', ' type="checkbox"', ' type="bogus"', ' type="EMAIL" multiple', ' type="email"', ' type="color"', ' type="file"'])}${this.chance(0.8) ? this.attr('value', this.pick(['News', ' spaced ', 'multi\nline', '', 'é &', 'a@b.c , d@e.f', '#ABCDEF'])) : ''}>`;
    let labels = '';
    for (let i = this.int(3); i > 0; i--) labels += label();
    const button = `<button class="kg-signup-card-button ${this.pick(['kg-style-accent', ''])}"${this.colorStyle('background-color')}${this.colorStyle('color')}>${this.chance(0.8) ? `<span class="kg-signup-card-button-default">${this.ws()}${this.text()}${this.ws()}</span>` : ''}<span class="kg-signup-card-button-loading">…</span></button>`;
    const success = this.chance(0.7) ? `<div class="kg-signup-card-success"${this.colorStyle('color')}>${this.ws()}${this.text()}${this.ws()}</div>` : '';
    const text = `<div class="kg-signup-card-text ${this.pick(['kg-align-center', 'kg-align-left', ''])}">${heading('h2')}${heading('h3')}<form class="kg-signup-card-form" data-members-form="signup">${labels}<div class="kg-signup-card-fields"><input class="kg-signup-card-input" type="email" required="">${button}</div>${success}</form>${this.chance(0.6) ? `<p class="kg-signup-card-disclaimer">${this.inline(1)}</p>` : ''}</div>`;
    return `<div${this.attr('class', classes.join(' '))}${marker}${this.colorStyle('background-color')}>${this.chance(0.5) ? image + text : `<div class="kg-signup-card-content">${text}${image}</div>`}</div>`;
  }

  private squarespaceGallery(): string {
    let slides = '';
    for (let i = this.int(5); i >= 0; i--) {
      const src = this.pick(IMAGES);
      const dimensions = this.chance(0.5) ? this.attr('data-image-dimensions', this.pick(['2500x1667', 'x', '12x'])) : '';
      const noscript = this.chance(0.8)
        ? `<noscript>${this.chance(0.9) ? `<img${this.attr('src', src)}${this.chance(0.3) ? ' class="thumb-image"' : ''}>` : 'no image'}</noscript>`
        : '';
      const lazy = `<img class="thumb-image"${this.chance(0.8) ? this.attr('data-src', src) : ''}${this.chance(0.2) ? this.attr('src', src) : ''}${dimensions}${this.chance(0.3) ? this.attr('alt', 'alt') : ''}>`;
      slides += `<div class="slide"${this.chance(0.3) ? ' data-type="image"' : ''}><div class="margin-wrapper">${this.chance(0.1) ? '' : `<a class="image-slide-anchor">${noscript}${lazy}</a>`}${this.chance(0.3) ? `<div class="meta"><div class="meta-title">${this.inline(1)}</div></div>` : ''}</div></div>`;
    }
    const cls = this.pick([
      'sqs-gallery-container sqs-gallery-block-grid',
      'sqs-gallery-container',
      'sqs-gallery-container summary-thumbnail',
      'x-sqs-gallery-containery',
    ]);
    return `<div${this.attr('class', cls)}><div class="sqs-gallery">${slides}</div></div>`;
  }

  private mixtape(): string {
    const title = this.chance(0.8) ? `<strong class="markup--strong markup--mixtapeEmbed-strong">${this.chance(0.9) ? this.inline(1) : ''}</strong>` : '';
    const description = this.chance(0.7) ? `<em class="markup--em markup--mixtapeEmbed-em">${this.chance(0.9) ? this.inline(1) : ''}</em>` : '';
    const br = this.chance(0.95) ? '<br>' : '';
    const inner = this.pick([
      `${title}${br}${description}${this.text()}`,
      `${title}${description}${br}${this.text()}`,
      `${br}${this.text()}${description}${title}`,
    ]);
    const anchor = `<a${this.chance(0.9) ? this.attr('href', this.url()) : ''} data-href="x" class="markup--anchor markup--mixtapeEmbed-anchor" title="t">${inner}</a>`;
    const image = this.chance(0.7)
      ? `<a href="https://medium.com/x" class="js-mixtapeImage mixtapeImage${this.chance(0.3) ? ' mixtapeImage--empty u-ignoreBlock' : ''}"${this.chance(0.7) ? this.attr('style', `background-image: ${this.pick(['url(https://cdn-images-1.medium.com/fit/c/160/160/1*abc.jpeg)', 'url("q.png")', "url('s.png')", 'none'])};`) : ''}></a>`
      : '';
    return `<div class="graf graf--mixtapeEmbed${this.chance(0.2) ? ' graf-after--p' : ''}" name="m">${this.chance(0.9) ? anchor : ''}${image}</div>`;
  }

  /** A whole document: several blocks, white space between; one in six is cut and spliced at random. */
  document(): string {
    let out = this.ws();
    const count = 1 + this.int(6);
    for (let i = 0; i < count; i++) out += this.block() + this.ws();
    if (this.chance(1 / 6)) {
      const a = this.int(out.length);
      const b = a + this.int(out.length - a);
      const c = this.int(out.length);
      out = out.slice(0, a) + out.slice(b, b + 40) + out.slice(c);
    }
    return out;
  }
}
