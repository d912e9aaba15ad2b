import { describe, expect, it } from 'vitest';
import { bodyFormatOf, defaultFormatOf, formOf, inputOf, type Post } from '../../admin/src/posts';
import { bodyHasContent, initialState, reduce } from '../../admin/src/screens/post-editor-state';

// Which format the post editor saves a body in: the one the post has, or the site's default for a new post.

const LEXICAL = '{"root":{"children":[{"children":[],"direction":null,"format":"","indent":0,"type":"paragraph","version":1}],"type":"root"}}';
const post = (fields: Partial<Post>): Post => ({ id: 'p1', title: 'T', updated_at: '2026-01-01T00:00:00.000Z', ...fields }) as Post;

describe('a post’s body format', () => {
  it('is the format the post has, or the site default for a new post', () => {
    expect(bodyFormatOf(post({ lexical: LEXICAL, mobiledoc: null }), 'mobiledoc')).toBe('lexical');
    expect(bodyFormatOf(post({ lexical: null, mobiledoc: '{}' }), 'lexical')).toBe('mobiledoc');
    // a v3 answer has no `lexical` key
    expect(bodyFormatOf(post({ mobiledoc: '{}' }), 'lexical')).toBe('mobiledoc');
    expect(bodyFormatOf(null, 'lexical')).toBe('lexical');
    expect(bodyFormatOf(null, 'mobiledoc')).toBe('mobiledoc');
  });

  it('follows the setting editor_default_format, and is mobiledoc for a service without it', () => {
    expect(defaultFormatOf([{ key: 'editor_default_format', value: 'lexical' }])).toBe('lexical');
    expect(defaultFormatOf([{ key: 'editor_default_format', value: 'mobiledoc' }])).toBe('mobiledoc');
    expect(defaultFormatOf([{ key: 'timezone', value: 'UTC' }])).toBe('mobiledoc');
  });

  it('sends the body under its own format’s key only, and no body key before there is a body', () => {
    const lexicalPost = formOf(post({ lexical: LEXICAL, mobiledoc: null }));
    expect(lexicalPost.format).toBe('lexical');
    const input = inputOf({ ...lexicalPost, body: LEXICAL });
    expect(input.lexical).toBe(LEXICAL);
    expect('mobiledoc' in input).toBe(false);
    const mobiledocPost = inputOf(formOf(post({ mobiledoc: '{"version":"0.3.1"}' })));
    expect(mobiledocPost.mobiledoc).toBe('{"version":"0.3.1"}');
    expect('lexical' in mobiledocPost).toBe(false);
    // an answer without the post's body (neither key a string) sends none back: nothing is overwritten
    const missing = formOf(post({ mobiledoc: null }));
    expect(missing.body).toBeNull();
    expect(Object.keys(inputOf(missing)).filter((key) => key === 'lexical' || key === 'mobiledoc')).toEqual([]);
    const fresh = inputOf(formOf(null, 'lexical'));
    expect('lexical' in fresh || 'mobiledoc' in fresh).toBe(false);
  });

  it('keeps the format across a save, and knows an empty lexical body from one with content', () => {
    const state = initialState(null, 'lexical');
    expect(state.form.format).toBe('lexical');
    const saved = reduce(state, { type: 'saved', post: post({ lexical: LEXICAL, mobiledoc: null }), kind: 'auto', revision: 0, body: LEXICAL });
    expect(saved.form).toMatchObject({ format: 'lexical', body: LEXICAL });
    expect(bodyHasContent('lexical', LEXICAL)).toBe(false);
    expect(bodyHasContent('lexical', LEXICAL.replace('"children":[]', '"children":[{"type":"extended-text","text":"hi"}]'))).toBe(true);
    expect(bodyHasContent('lexical', '{"root":{"children":[{"type":"horizontalrule","version":1}],"type":"root"}}')).toBe(true);
    expect(bodyHasContent('mobiledoc', '{"version":"0.3.1","atoms":[],"cards":[],"markups":[],"sections":[[1,"p",[[0,[],0,"x"]]]]}')).toBe(true);
  });
});
