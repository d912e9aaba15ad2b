import { describe, expect, it } from 'vitest';
import { htmlToLexical, LexicalError, parseLexical, renderLexical } from '../../../lib/content/lexical';

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
