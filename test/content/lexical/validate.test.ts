import { describe, expect, it } from 'vitest';
import { LexicalError, lexicalContent, parseLexical, renderLexical } from '../../../lib/content/lexical';

const text = (value: string, format = 0): Record<string, unknown> => ({ type: 'text', text: value, format, mode: 'normal', style: '', detail: 0, version: 1 });
const paragraph = (...children: unknown[]): Record<string, unknown> => ({ type: 'paragraph', children, direction: 'ltr', format: '', indent: 0, version: 1 });
const doc = (...children: unknown[]): string => JSON.stringify({ root: { type: 'root', children, direction: 'ltr', format: '', indent: 0, version: 1 } });

function refusal(input: unknown, limits?: Parameters<typeof parseLexical>[1]): string {
  try {
    parseLexical(input, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(LexicalError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('parseLexical', () => {
  it('refuses what is not a lexical document, saying why and where', () => {
    expect(refusal('{not json')).toBe('lexical is not valid JSON');
    expect(refusal('{}')).toBe('lexical has no root');
    expect(refusal('[]')).toBe('lexical has no root');
    expect(refusal(JSON.stringify({ root: { type: 'paragraph', children: [] } }))).toBe('lexical root must have type "root"');
    expect(refusal(JSON.stringify({ root: { type: 'root' } }))).toBe('lexical root must have a children list');
    expect(refusal(doc(paragraph(text('a')), { type: 'madeup' }))).toBe('lexical root.children[1] has an unknown node type "madeup"');
    expect(refusal(doc(paragraph({ type: 'autolink', children: [] })))).toBe('lexical root.children[0].children[0] has an unknown node type "autolink"');
    expect(refusal(doc(paragraph('x')))).toBe('lexical root.children[0].children[0] must be an object');
    expect(refusal(doc({ type: 'heading', tag: 'h9', children: [] }))).toBe('lexical root.children[0]: tag must be one of h1…h6');
    expect(refusal(doc({ type: 'list', listType: 'roman', children: [] }))).toBe('lexical root.children[0]: listType must be bullet, number or check');
    expect(refusal(doc(paragraph({ ...text('a'), text: 5 })))).toBe('lexical root.children[0].children[0]: text must be a string');
    expect(refusal(doc({ type: 'html', html: '<p>x</p>', visibility: 'web' }))).toBe('lexical root.children[0]: visibility must be an object');
  });

  it('refuses documents over the limits, deep nesting included, without overflowing the stack', () => {
    expect(refusal(doc(paragraph(text('x'.repeat(100)))), { maxLength: 50, maxDepth: 64, maxNodes: 100 })).toBe('lexical is longer than 50 characters');
    expect(refusal(doc(paragraph(text('a'), text('b'), text('c'))), { maxLength: 1e6, maxDepth: 64, maxNodes: 3 })).toBe('lexical has more than 3 nodes');
    const levels = 50_000;
    const deepJson = `{"root":{"type":"root","children":[${'{"type":"quote","children":['.repeat(levels)}${']}'.repeat(levels)}]}}`;
    expect(refusal(deepJson)).toBe('lexical is nested deeper than 64 levels');
  });

  it('takes the JSON text or the parsed document', () => {
    const json = doc(paragraph(text('Hello')));
    expect(renderLexical(parseLexical(json))).toBe('<p>Hello</p>');
    expect(renderLexical(parseLexical(JSON.parse(json)))).toBe('<p>Hello</p>');
  });
});

describe('lexical rendering', () => {
  it('escapes text and never writes a script URL', () => {
    const link = { type: 'link', url: 'javascript:alert(1)', children: [text('<img src=x onerror=alert(1)>')], version: 1 };
    const html = renderLexical(
      parseLexical(
        doc(paragraph(link), { type: 'image', src: ' JAVA\tSCRIPT:alert(1)', caption: '<a href="javascript:x" onclick="y()">c</a><script>z()</script>' }),
      ),
    );
    expect(html).toBe(
      '<p><a>&lt;img src=x onerror=alert(1)&gt;</a></p><figure class="kg-card kg-image-card kg-card-hascaption"><img class="kg-image" alt="" loading="lazy"><figcaption><a>c</a></figcaption></figure>',
    );
  });

  it('gives headings the reference ids, deduplicated across the post', () => {
    const heading = (value: string): Record<string, unknown> => ({ type: 'heading', tag: 'h2', children: [text(value)], version: 1 });
    expect(renderLexical(parseLexical(doc(heading('Intro'), heading('Intro'), heading('Ünïcode & co'), heading(''))))).toBe(
      '<h2 id="intro">Intro</h2><h2 id="intro-1">Intro</h2><h2 id="%C3%BCn%C3%AFcode-co">Ünïcode &amp; co</h2><h2 id=""></h2>',
    );
  });

  it('derives plaintext, excerpt and reading time from the html, as for mobiledoc', () => {
    const words = Array.from({ length: 600 }, (_, i) => `word${i}`).join(' ');
    const content = lexicalContent(doc(paragraph(text('Title', 1)), paragraph(text(words)), paragraph()), { featureImage: null });
    expect(content.html.startsWith('<p><strong>Title</strong></p><p>word0 word1')).toBe(true);
    expect(content.plaintext.startsWith('Title\n\nword0 word1')).toBe(true);
    expect(content.excerpt).toHaveLength(500);
    expect(content.readingTime).toBe(2);
    expect(lexicalContent(doc(paragraph(text('x'))), { customExcerpt: 'Mine' }).excerpt).toBe('Mine');
    expect(lexicalContent(doc(paragraph())).readingTime).toBe(0);
  });
});
