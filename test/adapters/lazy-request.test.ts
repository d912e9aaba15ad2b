import { describe, expect, it } from 'vitest';
import { lazyRequest } from '../../lib/adapters/lazy-request';

describe('lazyRequest', () => {
  const headers = () => new Headers({ accept: 'application/json', 'if-none-match': '"abc"' });

  it('is a Request with the given method, URL and headers', () => {
    const request = lazyRequest('GET', 'http://example.com/svc/api/v3/content/posts/?key=k', headers());
    expect(request).toBeInstanceOf(Request);
    expect(request.method).toBe('GET');
    expect(request.url).toBe('http://example.com/svc/api/v3/content/posts/?key=k');
    expect(request.headers.get('if-none-match')).toBe('"abc"');
  });

  it('answers every other member as a real Request of the same message would', async () => {
    const request = lazyRequest('HEAD', 'http://example.com/a/', headers());
    const real = new Request('http://example.com/a/', { method: 'HEAD', headers: headers() });
    expect(request.body).toBe(real.body);
    expect(request.bodyUsed).toBe(false);
    expect(request.signal).toBeInstanceOf(AbortSignal);
    expect(request.redirect).toBe(real.redirect);
    expect(await request.text()).toBe('');
    const copy = request.clone();
    expect(copy).toBeInstanceOf(Request);
    expect([copy.method, copy.url, copy.headers.get('accept')]).toEqual(['HEAD', 'http://example.com/a/', 'application/json']);
  });
});
