import { describe, expect, it } from 'vitest';
import { htmlToLexical, LexicalError, parseLexical, renderLexical, UnreadableStyleError } from '../../../lib/content/lexical';

// Hostile input for the html → lexical converter: what a client may send with ?source=html.

const render = (html: string) => renderLexical(parseLexical(htmlToLexical(html)), { siteUrl: 'https://site.test' });

describe('htmlToLexical on hostile input', () => {
  it('converts a megabyte of html into a document within the lexical limits', () => {
    const html = `<p>${'lorem ipsum <b>dolor</b> sit amet '.repeat(40)}</p>\n`.repeat(800);
    expect(html.length).toBeGreaterThan(1_000_000);
    const doc = parseLexical(htmlToLexical(html));
    expect(doc.root.children).toHaveLength(800);
  });

  it('refuses html whose lexical would pass the length limit with a LexicalError', () => {
    // lexical spends ~150 characters of JSON per text run: a megabyte of tiny runs is over 8 MB of it
    const html = '<p>a <b>b</b> <i>c</i></p>'.repeat(45_000);
    expect(() => htmlToLexical(html)).toThrow(/longer than/);
  });

  it('refuses html nested too deep to convert with a LexicalError, not a stack overflow', () => {
    const html = '<div>'.repeat(5000) + 'x' + '</div>'.repeat(5000);
    expect(() => htmlToLexical(html)).toThrow(LexicalError);
  });

  it('refuses deeply nested tables (kept as html cards) with a LexicalError', () => {
    const html = '<table><tr><td>'.repeat(600) + 'x' + '</td></tr></table>'.repeat(600);
    expect(() => htmlToLexical(html)).toThrow(LexicalError);
  });

  it('refuses lists nested past the lexical depth limit with a LexicalError', () => {
    const html = '<ul><li>x'.repeat(60) + '</li></ul>'.repeat(60);
    expect(() => htmlToLexical(html)).toThrow(/nested deeper/);
  });

  it('keeps deep inline nesting flat', () => {
    const html = '<p>' + '<span><b>'.repeat(500) + 'deep' + '</b></span>'.repeat(500) + '</p>';
    const doc = parseLexical(htmlToLexical(html));
    expect(doc.root.children[0].children?.[0]).toMatchObject({ type: 'extended-text', text: 'deep' });
  });

  it('keeps a javascript: link as the reference does, and the renderer leaves the href out', () => {
    const lexical = htmlToLexical('<p><a href="javascript:alert(1)">click</a></p>');
    expect(lexical).toContain('"url":"javascript:alert(1)"');
    const html = render('<p><a href="javascript:alert(1)">click</a> <img src="javascript:alert(2)"></p>');
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain('click');
  });

  it('drops scripts and keeps hostile text as text', () => {
    const html = render('<script>alert(1)</script><p>&lt;script&gt;alert(1)&lt;/script&gt; <img src=x onerror=alert(1)></p>');
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/onerror/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('answers empty input with one empty paragraph, as the reference', () => {
    expect(parseLexical(htmlToLexical('')).root.children).toEqual([expect.objectContaining({ type: 'paragraph', children: [] })]);
  });
});

const cards = (html: string) => parseLexical(htmlToLexical(html)).root.children as unknown as Array<Record<string, unknown>>;

describe('htmlToLexical on the cards other platforms and forms export', () => {
  it('reads a call-to-action card, its colours from inline styles and its sponsor label in a paragraph', () => {
    const [card] = cards(
      '<div class="kg-card kg-cta-card kg-cta-bg-white" data-layout="immersive"><div class="kg-cta-sponsor-label"> Ad </div>' +
        '<div class="kg-cta-text"> Buy <b>now</b> </div><a href="https://example.com/" class="kg-cta-button" style="background-color: #FF1A75; color: rgb(1, 2, 3)">Go</a></div>',
    );
    expect(card).toMatchObject({
      type: 'call-to-action',
      layout: 'immersive',
      alignment: 'left',
      textValue: 'Buy now',
      showButton: true,
      showDividers: false,
      buttonText: 'Go',
      buttonUrl: 'https://example.com/',
      buttonColor: '#ff1a75',
      buttonTextColor: '#010203',
      hasSponsorLabel: true,
      sponsorLabel: '<p>Ad</p>',
      backgroundColor: 'white',
    });
  });

  it('reads a signup card: labels from its inputs, a transparent background leaving the text colour to the page', () => {
    const [card] = cards(
      '<div class="kg-card kg-signup-card kg-layout-split" data-lexical-signup-form="" style="background-color: transparent"><h2>Join</h2>' +
        '<input data-members-label type="hidden" value="News"><input data-members-label value="multi\nline">' +
        '<button class="kg-signup-card-button" style="background: red"><span class="kg-signup-card-button-default"> Go </span></button></div>',
    );
    expect(card).toMatchObject({
      type: 'signup',
      layout: 'split',
      header: 'Join',
      backgroundColor: 'transparent',
      textColor: '',
      buttonColor: '#ffffff',
      buttonText: 'Go',
      labels: ['News', 'multiline'],
    });
  });

  it('gathers a Squarespace gallery: the lazy image takes its data-src, the noscript copy goes', () => {
    const [card] = cards(
      '<div class="sqs-gallery-container"><div class="slide"><noscript><img src="https://example.com/a.jpg"></noscript>' +
        '<img class="thumb-image" data-src="https://example.com/a.jpg" data-image-dimensions="2500x1667"><div class="meta-title">Caption</div></div></div>',
    );
    expect(card).toMatchObject({
      type: 'gallery',
      images: [{ src: 'https://example.com/a.jpg', width: 2500, height: 1667, fileName: 'a.jpg', row: 0 }],
      caption: 'Caption',
    });
  });

  it('reads a Medium mixtape as a bookmark, its thumbnail quoted as the reference stores it', () => {
    const [card] = cards(
      '<div class="graf graf--mixtapeEmbed"><a href="https://example.com/post" class="markup--mixtapeEmbed-anchor">' +
        '<strong class="markup--mixtapeEmbed-strong">Title</strong><br><em class="markup--mixtapeEmbed-em">Description</em>example.com</a>' +
        '<a class="mixtapeImage" style="background-image: url(https://example.com/t.jpg)"></a></div>',
    );
    expect(card).toMatchObject({
      type: 'bookmark',
      url: 'https://example.com/post',
      metadata: { title: 'Title', description: 'Description', publisher: 'example.com', thumbnail: '"https://example.com/t.jpg"', icon: '' },
    });
  });

  it.each([
    ['an hsl() colour', '<a class="kg-cta-button" style="background-color: hsl(0, 100%, 50%)">x</a>'],
    ['a colour declared twice', '<a class="kg-cta-button" style="color: red; color: #fff">x</a>'],
    ['a background shorthand with several parts', '<a class="kg-cta-button" style="background: #fff url(x.png)">x</a>'],
    ['a comment in its style', '<a class="kg-cta-button" style="color: /* brand */ red">x</a>'],
  ])('refuses a card with %s rather than convert it unlike the reference', (_what, button) => {
    const html = `<div class="kg-cta-card"><div class="kg-cta-text">t</div>${button}</div>`;
    expect(() => htmlToLexical(html)).toThrow(UnreadableStyleError);
    expect(() => htmlToLexical(html)).toThrow(/cannot read as the reference does/);
  });

  it('refuses a call-to-action card without its text, where the reference answers an empty document', () => {
    expect(() => htmlToLexical('<div class="kg-cta-card"><a class="kg-cta-button">x</a></div>')).toThrow(LexicalError);
  });
});
