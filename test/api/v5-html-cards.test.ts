// `?source=html` on a v5 write converts the cards other platforms and forms export as the reference does
// (call-to-action, signup, Squarespace gallery, Medium mixtape), and refuses, naming it, a card colour in a
// form pressroom cannot read as the reference does (README, "Content formats").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, BASE, body, createTestSite, snapshot, type TestSite } from '../helpers/service';

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
});
afterAll(() => site.close());

async function admin(method: string, path: string, payload?: unknown) {
  const token = await adminToken(site.adminKey, { aud: '/admin/' });
  const headers: Record<string, string> = { authorization: `Svc ${token}` };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return site.service.fetch(
    new Request(`${BASE}/svc/api/admin/${path}`, { method, headers, body: payload === undefined ? undefined : JSON.stringify(payload) }),
  );
}

const CTA =
  '<div class="kg-card kg-cta-card kg-cta-bg-white"><div class="kg-cta-text"><p>Read the <b>guide</b></p></div>' +
  '<a href="https://example.com/guide" class="kg-cta-button" style="background-color: #FF1A75; color: #fff">Open</a></div>';
const MIXTAPE =
  '<div class="graf graf--mixtapeEmbed"><a href="https://example.com/post" class="markup--mixtapeEmbed-anchor">' +
  '<strong class="markup--mixtapeEmbed-strong">Linked title</strong><br><em class="markup--mixtapeEmbed-em">About it</em>example.com</a></div>';

describe('v5 writes with ?source=html', () => {
  it('store a call-to-action card and a Medium mixtape as the reference converts them, and render them', async () => {
    const created = await admin('POST', 'posts/?source=html&formats=html,lexical', { posts: [{ title: 'Cards', html: CTA + MIXTAPE }] });
    expect(created.status).toBe(201);
    const post = (await body(created)).posts[0];
    const [cta, bookmark] = JSON.parse(post.lexical).root.children;
    expect(cta).toMatchObject({
      type: 'call-to-action',
      textValue: 'Read the guide',
      buttonColor: '#ff1a75',
      buttonTextColor: '#ffffff',
      backgroundColor: 'white',
    });
    expect(bookmark).toMatchObject({ type: 'bookmark', url: 'https://example.com/post', metadata: { title: 'Linked title', description: 'About it' } });
    expect(post.html).toContain('kg-cta-card');
    expect(post.html).toContain('https://example.com/guide');
    expect(post.html).toContain('Linked title');
  });

  it('refuse a card whose colour pressroom cannot read as the reference does with 422 naming html, storing nothing', async () => {
    const before = await snapshot(site.driver);
    const html = CTA.replace('#FF1A75', 'hsl(330, 100%, 55%)');
    const refused = await admin('POST', 'posts/?source=html', { posts: [{ title: 'Cards', html }] });
    expect(refused.status).toBe(422);
    const error = (await body(refused)).errors[0];
    expect(error).toMatchObject({ type: 'ValidationError', property: 'html' });
    expect(error.message).toContain('hsl(330, 100%, 55%)');
    expect(await snapshot(site.driver)).toEqual(before);
  });
});
