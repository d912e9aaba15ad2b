// service.fetch hands the pipeline a head made from the Request: the same URL, whatever its path looks like.
import { describe, expect, it } from 'vitest';
import { headOf } from '../../lib/http/web-fetch';

describe('the head of a WHATWG Request', () => {
  it('resolves to the Request’s own URL, a path starting with // included', () => {
    for (const url of [
      'http://localhost/svc/api/v3/content/posts/?key=k&b=1',
      'http://localhost:2368/',
      'https://example.com//elsewhere/svc/api/v3/content/posts/',
      'http://localhost/a/../b/%2e%2e/c?x#frag',
    ]) {
      const request = new Request(url);
      const head = headOf(request);
      expect(new URL(head.target, head.origin).href, url).toBe(request.url);
    }
  });

  it('reads the body only when asked, from the Request itself', async () => {
    const request = new Request('http://localhost/x', { method: 'POST', body: 'hello' });
    const head = headOf(request);
    expect(request.bodyUsed).toBe(false);
    expect(await new Response(head.body()).text()).toBe('hello');
    expect(headOf(new Request('http://localhost/x')).body()).toBeNull();
  });
});
