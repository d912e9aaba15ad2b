import { describe, expect, it } from 'vitest';
import { render, renderCard } from './helpers';

describe('html card', () => {
  it('is raw HTML between markers', () => {
    expect(renderCard('html', { html: '<div class="x"><iframe src="https://e.com"></iframe></div>' })).toBe(
      '<!--kg-card-begin: html--><div class="x"><iframe src="https://e.com"></iframe></div><!--kg-card-end: html-->',
    );
  });
  it('renders nothing when empty', () => {
    expect(renderCard('html', { html: '  ' })).toBe('');
    expect(renderCard('html', {})).toBe('');
  });
});

describe('markdown card', () => {
  it('renders markdown between markers with heading ids, breaks and linkify', () => {
    expect(renderCard('markdown', { markdown: '# Title\n\nline one\nline two https://example.com\n\n* a\n* **b**' })).toBe(
      '<!--kg-card-begin: markdown--><h1 id="title">Title</h1>\n' +
        '<p>line one<br>\nline two <a href="https://example.com">https://example.com</a></p>\n' +
        '<ul>\n<li>a</li>\n<li><strong>b</strong></li>\n</ul>\n<!--kg-card-end: markdown-->',
    );
  });
  it('allows raw HTML, as Ghost does', () => {
    expect(renderCard('markdown', { markdown: '<div class="note">hi</div>' })).toBe(
      '<!--kg-card-begin: markdown--><div class="note">hi</div><!--kg-card-end: markdown-->',
    );
  });
  it('does not apply typographic replacements', () => {
    expect(renderCard('markdown', { markdown: '"quotes" -- (c)' })).toBe(
      '<!--kg-card-begin: markdown--><p>&quot;quotes&quot; -- (c)</p>\n<!--kg-card-end: markdown-->',
    );
  });
  it('refuses javascript: links', () => {
    expect(renderCard('markdown', { markdown: '[x](javascript:alert(1))' })).toBe(
      '<!--kg-card-begin: markdown--><p>[x](javascript:alert(1))</p>\n<!--kg-card-end: markdown-->',
    );
  });
  it('accepts the Ghost 1.x card name', () => {
    expect(renderCard('card-markdown', { cardName: 'card-markdown', markdown: 'x' })).toBe(
      '<!--kg-card-begin: markdown--><p>x</p>\n<!--kg-card-end: markdown-->',
    );
  });
  it('renders nothing when empty', () => {
    expect(renderCard('markdown', { markdown: '' })).toBe('');
  });
});

describe('image card', () => {
  it('renders a plain image', () => {
    expect(renderCard('image', { src: 'https://e.com/a.jpg' })).toBe(
      '<figure class="kg-card kg-image-card"><img src="https://e.com/a.jpg" class="kg-image" alt="" loading="lazy"></figure>',
    );
  });
  it('renders every field', () => {
    expect(
      renderCard('image', {
        src: 'https://e.com/a.jpg',
        alt: 'Alt',
        title: 'Title',
        caption: 'A <a href="https://e.com">caption</a>',
        width: 1200,
        height: 800,
        cardWidth: 'wide',
      }),
    ).toBe(
      '<figure class="kg-card kg-image-card kg-width-wide kg-card-hascaption"><img src="https://e.com/a.jpg" class="kg-image" alt="Alt" loading="lazy" title="Title" width="1200" height="800">' +
        '<figcaption>A <a href="https://e.com">caption</a></figcaption></figure>',
    );
  });
  it('uses kg-width-full and ignores unknown widths', () => {
    expect(renderCard('image', { src: '/a.jpg', cardWidth: 'full' })).toContain('class="kg-card kg-image-card kg-width-full"');
    expect(renderCard('image', { src: '/a.jpg', cardWidth: 'huge" onload="x' })).toContain('class="kg-card kg-image-card"');
  });
  it('writes width and height only as a pair of positive numbers', () => {
    expect(renderCard('image', { src: '/a.jpg', width: 10 })).not.toContain('width=');
    expect(renderCard('image', { src: '/a.jpg', width: '10', height: '20' })).toContain('width="10" height="20"');
    expect(renderCard('image', { src: '/a.jpg', width: -1, height: 20 })).not.toContain('width=');
  });
  it('wraps a linked image', () => {
    expect(renderCard('image', { src: '/a.jpg', href: 'https://e.com' })).toBe(
      '<figure class="kg-card kg-image-card"><a href="https://e.com"><img src="/a.jpg" class="kg-image" alt="" loading="lazy"></a></figure>',
    );
  });
  it('renders nothing without a src', () => {
    expect(renderCard('image', { alt: 'x' })).toBe('');
  });
});

describe('gallery card', () => {
  const image = (n: number, row?: number): Record<string, unknown> => ({
    fileName: `${n}.jpg`,
    src: `/${n}.jpg`,
    width: 100,
    height: 50,
    row,
  });
  it('groups images by row', () => {
    expect(renderCard('gallery', { images: [image(1, 0), image(2, 0), image(3, 1)], caption: 'Cap' })).toBe(
      '<figure class="kg-card kg-gallery-card kg-width-wide kg-card-hascaption"><div class="kg-gallery-container">' +
        '<div class="kg-gallery-row">' +
        '<div class="kg-gallery-image"><img src="/1.jpg" width="100" height="50" loading="lazy" alt=""></div>' +
        '<div class="kg-gallery-image"><img src="/2.jpg" width="100" height="50" loading="lazy" alt=""></div>' +
        '</div><div class="kg-gallery-row">' +
        '<div class="kg-gallery-image"><img src="/3.jpg" width="100" height="50" loading="lazy" alt=""></div>' +
        '</div></div><figcaption>Cap</figcaption></figure>',
    );
  });
  it('puts images without a row into rows of three', () => {
    const html = renderCard('gallery', { images: [1, 2, 3, 4].map((n) => image(n)) });
    expect(html.match(/kg-gallery-row/g)).toHaveLength(2);
    expect(html).not.toContain('kg-card-hascaption');
  });
  it('skips invalid images and renders nothing without any', () => {
    expect(renderCard('gallery', { images: [{ src: 'javascript:x' }, null, 'x'] })).toBe('');
    expect(renderCard('gallery', {})).toBe('');
  });
});

describe('embed card', () => {
  it('wraps the provider HTML', () => {
    expect(renderCard('embed', { url: 'https://youtu.be/x', html: '<iframe src="https://youtube.com/embed/x"></iframe>', type: 'video' })).toBe(
      '<figure class="kg-card kg-embed-card"><iframe src="https://youtube.com/embed/x"></iframe></figure>',
    );
  });
  it('adds a caption', () => {
    expect(renderCard('embed', { html: '<blockquote>t</blockquote>', caption: 'A <em>tweet</em>' })).toBe(
      '<figure class="kg-card kg-embed-card kg-card-hascaption"><blockquote>t</blockquote><figcaption>A <em>tweet</em></figcaption></figure>',
    );
  });
  it('renders nothing without html', () => {
    expect(renderCard('embed', { url: 'https://x' })).toBe('');
  });
});

describe('bookmark card', () => {
  it('renders Ghost bookmark markup', () => {
    expect(
      renderCard('bookmark', {
        url: 'https://ghost.org/',
        metadata: {
          url: 'https://ghost.org/',
          title: 'Ghost & friends',
          description: 'The <best> platform',
          icon: 'https://ghost.org/icon.png',
          thumbnail: 'https://ghost.org/thumb.png',
          publisher: 'Ghost',
          author: 'John',
        },
        caption: 'Caption',
      }),
    ).toBe(
      '<figure class="kg-card kg-bookmark-card kg-card-hascaption"><a class="kg-bookmark-container" href="https://ghost.org/">' +
        '<div class="kg-bookmark-content"><div class="kg-bookmark-title">Ghost &amp; friends</div>' +
        '<div class="kg-bookmark-description">The &lt;best&gt; platform</div>' +
        '<div class="kg-bookmark-metadata"><img class="kg-bookmark-icon" src="https://ghost.org/icon.png" alt="">' +
        '<span class="kg-bookmark-author">Ghost</span><span class="kg-bookmark-publisher">John</span></div></div>' +
        '<div class="kg-bookmark-thumbnail"><img src="https://ghost.org/thumb.png" alt=""></div></a>' +
        '<figcaption>Caption</figcaption></figure>',
    );
  });
  it('renders a minimal bookmark', () => {
    expect(renderCard('bookmark', { metadata: { url: '/x', title: 'T' } })).toBe(
      '<figure class="kg-card kg-bookmark-card"><a class="kg-bookmark-container" href="/x"><div class="kg-bookmark-content">' +
        '<div class="kg-bookmark-title">T</div><div class="kg-bookmark-metadata"></div></div></a></figure>',
    );
  });
  it('renders nothing without url or title', () => {
    expect(renderCard('bookmark', { metadata: { url: '/x' } })).toBe('');
    expect(renderCard('bookmark', { metadata: { title: 'T' } })).toBe('');
  });
});

describe('code card', () => {
  it('escapes the code and adds the language class', () => {
    expect(renderCard('code', { code: 'if (a < b && c) {\n  "x"\n}', language: 'javascript' })).toBe(
      '<pre><code class="language-javascript">if (a &lt; b &amp;&amp; c) {\n  "x"\n}</code></pre>',
    );
  });
  it('omits the class without a language', () => {
    expect(renderCard('code', { code: 'x' })).toBe('<pre><code>x</code></pre>');
  });
  it('wraps in a figure when captioned', () => {
    expect(renderCard('code', { code: 'x', language: 'c++', caption: 'Listing <b>1</b>' })).toBe(
      '<figure class="kg-card kg-code-card"><pre><code class="language-c++">x</code></pre><figcaption>Listing <b>1</b></figcaption></figure>',
    );
  });
  it('ignores a language that is not an identifier', () => {
    expect(renderCard('code', { code: 'x', language: 'js" onclick="alert(1)' })).toBe('<pre><code>x</code></pre>');
  });
  it('renders nothing for empty code', () => {
    expect(renderCard('code', { code: '' })).toBe('');
  });
});

describe('small cards', () => {
  it('hr', () => {
    expect(renderCard('hr', {})).toBe('<hr>');
  });
  it('paywall', () => {
    expect(renderCard('paywall', {})).toBe('<!--members-only-->');
  });
  it('unknown cards render nothing', () => {
    expect(
      render({
        cards: [
          ['product', { title: 'x' }],
          ['email', {}],
        ],
        sections: [
          [10, 0],
          [10, 1],
          [1, 'p', [[0, [], 0, 'x']]],
        ],
      }),
    ).toBe('<p>x</p>');
  });
});

describe('callout card', () => {
  it('renders emoji, text and colour', () => {
    expect(renderCard('callout', { calloutEmoji: '💡', calloutText: 'Read <strong>this</strong>', backgroundColor: 'blue' })).toBe(
      '<div class="kg-card kg-callout-card kg-callout-card-blue"><div class="kg-callout-emoji">💡</div><div class="kg-callout-text">Read <strong>this</strong></div></div>',
    );
  });
  it('defaults to grey, drops unknown colours and a missing emoji', () => {
    expect(renderCard('callout', { calloutText: 'x', backgroundColor: 'red;background:url(x)' })).toBe(
      '<div class="kg-card kg-callout-card kg-callout-card-grey"><div class="kg-callout-text">x</div></div>',
    );
  });
});

describe('toggle card', () => {
  it('renders heading and content', () => {
    const html = renderCard('toggle', { heading: 'Q?', content: '<p>A <em>answer</em></p><ul><li>x</li></ul>' });
    expect(html).toMatch(
      /^<div class="kg-card kg-toggle-card" data-kg-toggle-state="close"><div class="kg-toggle-heading"><h4 class="kg-toggle-heading-text">Q\?<\/h4><button class="kg-toggle-card-icon"><svg [^]*<\/svg><\/button><\/div>/,
    );
    expect(html.endsWith('<div class="kg-toggle-content"><p>A <em>answer</em></p><ul><li>x</li></ul></div></div>')).toBe(true);
  });
});

describe('button card', () => {
  it('renders a button link', () => {
    expect(renderCard('button', { buttonText: 'Subscribe & save', buttonUrl: 'https://e.com/s', alignment: 'left' })).toBe(
      '<div class="kg-card kg-button-card kg-align-left"><a href="https://e.com/s" class="kg-btn kg-btn-accent">Subscribe &amp; save</a></div>',
    );
  });
  it('defaults to centre and needs text and url', () => {
    expect(renderCard('button', { buttonText: 'Go', buttonUrl: '/go' })).toContain('kg-align-center');
    expect(renderCard('button', { buttonText: 'Go' })).toBe('');
    expect(renderCard('button', { buttonUrl: '/go' })).toBe('');
  });
});

describe('header card', () => {
  it('renders header, subheader and button', () => {
    expect(
      renderCard('header', {
        size: 'large',
        style: 'light',
        header: 'Big <em>news</em>',
        subheader: 'Sub',
        buttonEnabled: true,
        buttonUrl: '/join',
        buttonText: 'Join',
      }),
    ).toBe(
      '<div class="kg-card kg-header-card kg-width-full kg-size-large kg-style-light">' +
        '<h2 class="kg-header-card-header" id="big-news">Big <em>news</em></h2>' +
        '<h3 class="kg-header-card-subheader" id="sub">Sub</h3>' +
        '<a href="/join" class="kg-header-card-button">Join</a></div>',
    );
  });
  it('renders a background image for the image style', () => {
    expect(renderCard('header', { style: 'image', backgroundImageSrc: "/bg.jpg'); x: url(", header: 'H' })).toBe(
      '<div class="kg-card kg-header-card kg-width-full kg-size-small kg-style-image" style="background-image: url(\'/bg.jpg%27%29; x: url%28\')" data-kg-background-image="/bg.jpg\'); x: url(">' +
        '<h2 class="kg-header-card-header" id="h">H</h2></div>',
    );
  });
  it('omits a disabled button and renders nothing when empty', () => {
    expect(renderCard('header', { header: 'H', buttonUrl: '/x', buttonText: 'x' })).not.toContain('<a');
    expect(renderCard('header', {})).toBe('');
  });
});

describe('media cards', () => {
  it('video', () => {
    expect(renderCard('video', { src: '/v.mp4', thumbnailSrc: '/t.jpg', width: 640, height: 360, caption: 'Clip', loop: true, cardWidth: 'wide' })).toBe(
      '<figure class="kg-card kg-video-card kg-width-wide kg-card-hascaption"><div class="kg-video-container">' +
        '<video src="/v.mp4" poster="/t.jpg" width="640" height="360" controls playsinline preload="metadata" loop></video>' +
        '</div><figcaption>Clip</figcaption></figure>',
    );
  });
  it('audio', () => {
    expect(renderCard('audio', { src: '/a.mp3', title: 'Episode <1>', thumbnailSrc: '/t.jpg' })).toBe(
      '<div class="kg-card kg-audio-card"><img src="/t.jpg" alt="audio-thumbnail" class="kg-audio-thumbnail">' +
        '<div class="kg-audio-player-container"><audio src="/a.mp3" controls preload="metadata"></audio>' +
        '<div class="kg-audio-title">Episode &lt;1&gt;</div></div></div>',
    );
  });
  it('file', () => {
    expect(renderCard('file', { src: '/f.pdf', fileName: 'f.pdf', fileTitle: 'Report', fileCaption: 'Q1', fileSize: 2048 })).toBe(
      '<div class="kg-card kg-file-card"><a class="kg-file-card-container" href="/f.pdf" title="Download" download>' +
        '<div class="kg-file-card-contents"><div class="kg-file-card-title">Report</div><div class="kg-file-card-caption">Q1</div>' +
        '<div class="kg-file-card-metadata"><div class="kg-file-card-filename">f.pdf</div><div class="kg-file-card-filesize">2 KB</div></div></div></a></div>',
    );
    expect(renderCard('file', { src: '/f.pdf', fileName: 'f.pdf', fileSize: 3 * 1024 * 1024 })).toContain('3.0 MB');
  });
  it('render nothing without a src', () => {
    expect(renderCard('video', {})).toBe('');
    expect(renderCard('audio', { src: 'javascript:x' })).toBe('');
    expect(renderCard('file', { fileName: 'x' })).toBe('');
  });
});
