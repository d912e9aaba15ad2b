import { describe, expect, it } from 'vitest';
import { htmlToPlaintext } from '../../lib/content';

describe('htmlToPlaintext', () => {
  it.each<[string, string, string]>([
    ['empty', '', ''],
    ['plain text', 'just text', 'just text'],
    ['paragraphs', '<p>One</p><p>Two</p>', 'One\n\nTwo'],
    ['headings and paragraphs', '<h1>Title</h1><p>Body</p>', 'Title\n\nBody'],
    ['line breaks', '<p>a<br>b<br><br>c</p>', 'a\nb\n\nc'],
    ['list items on their own lines', '<ul><li>one</li><li>two</li></ul><p>after</p>', 'one\ntwo\n\nafter'],
    ['divs start new lines', '<div>a</div><div>b</div>', 'a\nb'],
    ['inline formatting joins', '<p>a <b>bold</b><i>ital</i> c</p>', 'a boldital c'],
    ['link URLs dropped', '<p>See <a href="https://example.com">the site</a>.</p>', 'See the site.'],
    ['images skipped', '<p>x<img src="/a.png" alt="ALT TEXT">y</p><figure><img src="/b.png"><figcaption>Caption</figcaption></figure>', 'xy\n\nCaption'],
    ['entities decoded', '<p>&lt;tag&gt; &amp; &quot;q&quot; &#39;s&#39; &copy; &#x1F600;</p>', '<tag> & "q" \'s\' © 😀'],
    ['nbsp kept', '<p>a&nbsp;b</p>', 'a\u00a0b'],
    ['white space collapsed', '<p>\n  lots   of\n\tspace  </p>\n\n<p> x </p>', 'lots of space\n\nx'],
    ['pre keeps white space', '<pre><code>a  b\n  c</code></pre><p>d</p>', 'a  b\n  c\n\nd'],
    ['scripts, styles and templates skipped', '<p>a</p><script>var x = "<p>no</p>";</script><style>p{}</style><template><p>t</p></template><p>b</p>', 'a\n\nb'],
    ['comments and Ghost markers skipped', '<!--kg-card-begin: html--><p>x</p><!--kg-card-end: html--><!--members-only--><p>y</p>', 'x\n\ny'],
    ['svg skipped', '<p>a</p><div class="kg-toggle-card"><h4>Q</h4><button><svg><path d="M0"/></svg></button><div>A</div></div>', 'a\n\nQ\n\nA'],
    ['table cells separated', '<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>', 'a b\nc'],
    ['blockquote', 'before<blockquote>quoted</blockquote>after', 'before\n\nquoted\n\nafter'],
    ['hr separates', '<p>a</p><hr><p>b</p>', 'a\n\nb'],
    ['malformed HTML', '<p>unclosed <b>bold<p>next</i></div>', 'unclosed bold\n\nnext'],
    ['leading/trailing white space trimmed', '  <br><p> \n x \n</p><br>  ', 'x'],
    ['Unicode', '<p>你好，世界</p><p>Привет</p>', '你好，世界\n\nПривет'],
  ])('%s', (_name, html, expected) => {
    expect(htmlToPlaintext(html)).toBe(expected);
  });

  it('handles a large document completely', () => {
    const html = '<h2>Heading</h2><p>Some <b>bold</b> text &amp; <a href="https://e.com">a link</a>.<br>More.</p><ul><li>x</li></ul>'.repeat(8000);
    const text = htmlToPlaintext(html);
    expect(html.length).toBeGreaterThan(800_000);
    expect(text.match(/Some bold text & a link\./g)).toHaveLength(8000);
    expect(text).not.toContain('https://e.com');
    // its speed is measured in bench/, not asserted here
  });
});
