import { describe, expect, it } from 'vitest';
import { isSafeCss, sanitizeSvg } from '../../lib/files/svg-sanitize';
import { SVG_WITH_SCRIPT, td, te } from './fixtures';

function clean(svg: string): string {
  const result = sanitizeSvg(te(svg));
  if (!result.ok) throw new Error(result.reason);
  return td(result.bytes);
}

describe('sanitizeSvg', () => {
  const out = clean(SVG_WITH_SCRIPT);

  it('removes scripts, event handlers, javascript: links, foreignObject and animation', () => {
    expect(out).not.toMatch(/script/i);
    expect(out).not.toMatch(/\bon[a-z]+=/i);
    expect(out).not.toMatch(/javascript:/i);
    expect(out).not.toMatch(/foreignObject|iframe|animate/i);
  });

  it('removes external references: hrefs, url() targets and @import', () => {
    expect(out).not.toContain('evil.example');
    expect(out).not.toContain('@import');
  });

  it('keeps the drawing: shapes, gradients, fragment references, inline raster images, text', () => {
    expect(out).toContain('<linearGradient id="grad"><stop offset="0" stop-color="#fff"/></linearGradient>');
    expect(out).toContain('<a xlink:href="#grad"><circle cx="20" cy="20" r="5" fill="url(#grad)"/></a>');
    expect(out).toContain('<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>');
    expect(out).toContain('<g fill="#123456" transform="translate(1 2)"><path d="M0 0L10 10" stroke="black"/></g>');
    expect(out).toContain('circle { fill: url(#grad) }');
    expect(out).toContain('Tom &amp; Jerry &lt;3');
    expect(out).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" xmlns:xlink="http:\/\/www.w3.org\/1999\/xlink" width="40" height="40" viewBox="0 0 40 40">/,
    );
  });

  it('keeps case-sensitive SVG names (viewBox, linearGradient, clipPath)', () => {
    expect(clean('<svg viewBox="0 0 1 1"><clipPath id="c"><rect width="1" height="1"/></clipPath><g clip-path="url(#c)"/></svg>')).toBe(
      '<svg viewBox="0 0 1 1"><clipPath id="c"><rect width="1" height="1"/></clipPath><g clip-path="url(#c)"/></svg>',
    );
  });

  it('drops a namespace switch to XHTML and unknown namespaced markup', () => {
    const result = clean('<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="urn:x"><g xmlns="http://www.w3.org/1999/xhtml" x:foo="1"><x:bar/></g></svg>');
    expect(result).toBe('<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>');
  });

  it('accepts an Illustrator-style DOCTYPE with an internal subset', () => {
    const svg =
      '<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd" [\n<!ENTITY ns "urn:a">\n]>\n<svg width="2" height="2"><rect width="2" height="2"/></svg>';
    expect(clean(svg)).toBe('<svg width="2" height="2"><rect width="2" height="2"/></svg>');
  });

  it('refuses what is not an SVG document', () => {
    for (const text of ['hello', '<html><svg/></html>', 'junk <svg></svg>', '']) expect(sanitizeSvg(te(text)).ok).toBe(false);
    expect(sanitizeSvg(Uint8Array.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0x3e])).ok).toBe(false); // not UTF-8
  });

  it('refuses absurd nesting instead of overflowing the stack', () => {
    const deep = `<svg>${'<g>'.repeat(50_000)}${'</g>'.repeat(50_000)}</svg>`;
    expect(sanitizeSvg(te(deep))).toEqual({ ok: false, reason: expect.stringContaining('deep') });
  });
});

describe('isSafeCss', () => {
  it('allows fragment url() only, and nothing that loads or hides a load', () => {
    expect(isSafeCss('fill: url(#a); stroke: url( "#b" )')).toBe(true);
    for (const css of [
      'background: url(x.png)',
      "background: url('//evil')",
      '@import "x.css";',
      'background: image-set("a.png" 1x)',
      'b\\61 ckground: u\\72l(x)',
    ]) {
      expect(isSafeCss(css)).toBe(false);
    }
  });
});
