// Every route of both APIs, from the route table, with generated hostile requests: nothing a client
// sends may produce a 5xx, every refusal is a well-formed envelope, and a refused request changes nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../helpers/service';
import { changedTables, checksum, envelopeProblems, FULL, leakIn, scale, SEED } from './helpers';
import { changeCounter, type ChangeCounter } from './change-counter';
import { caseArb, mustRefuse, targets, type FuzzCase, type Target } from './requests';
import { robustSite, type RobustSite } from './site';

/** Generated requests in all: at least 10,000 for `npm test` (CI), over 70,000 in the full run. */
const MIN_TOTAL = 10_000;
/** Per route and version, so that a new route adds requests rather than thinning the others. */
const RUNS = scale(Math.max(60, Math.ceil((MIN_TOTAL * 1.02) / targets().length)), 600);

let site: RobustSite;
let counter: ChangeCounter;
let sent = 0;
const kindsOf = new Map<string, { json: boolean; multipart: boolean }>();
const outcomes = new Map<number, number>();

function fill(target: Target, params: string[]): string {
  let i = 0;
  return target.route.path.replace(/:(\w+)/g, () => params[i++] ?? '');
}

function build(target: Target, c: FuzzCase, token: string | null): Request {
  const { route, version } = target;
  let path = fill(target, c.params);
  if (!c.slash) path = path.replace(/\/$/, '');
  const query = [...c.query];
  const headers = new Headers();
  for (const [name, value] of c.headers) headers.append(name, value);
  if (c.auth === 'key') query.push(['key', site.contentKey]);
  if (c.auth === 'token' && token) headers.set('authorization', `Svc ${token}`);
  if (c.auth === 'session' && site.session.cookie) {
    headers.set('cookie', site.session.cookie);
    if (!c.headers.some(([n]) => n === 'origin')) headers.set('origin', 'https://admin.example.com');
  }
  if (c.auth === 'garbage') {
    const [kind, value] = c.garbageAuth.includes(':') && /^(cookie|key):/.test(c.garbageAuth) ? c.garbageAuth.split(/:(.*)/s) : ['header', c.garbageAuth];
    if (kind === 'cookie') headers.set('cookie', value);
    else if (kind === 'key') query.push(['key', value]);
    else headers.set('authorization', value);
  }
  const search = query.length ? `?${query.map(([k, v]) => `${safeEncode(k)}=${safeEncode(v)}`).join('&')}` : '';
  const init: RequestInit = { method: route.method, headers };
  if (c.body && route.method !== 'GET') {
    // bytes, so that no Content-Type is added when the case sends none
    init.body = new TextEncoder().encode(c.body.text);
    if (c.body.contentType !== null) headers.set('content-type', c.body.contentType);
  }
  return new Request(`${site.adminUrl('', version).replace(/admin\/$/, `${route.api}/`)}${path}${search}`, init);
}

function safeEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[\uD800-\uDFFF]/g, '%ED%A0%80').replace(/[^\w%-]/g, (ch) => encodeURIComponent(ch));
  }
}

function describeCase(target: Target, c: FuzzCase): string {
  const body = c.body
    ? `${c.body.kind} ${c.body.contentType} ${c.body.text.slice(0, 300)}${c.body.text.length > 300 ? `… (${c.body.text.length} chars)` : ''}`
    : 'no body';
  return `${target.label} params=${JSON.stringify(c.params).slice(0, 200)} query=${JSON.stringify(c.query).slice(0, 300)} auth=${c.auth}${c.auth === 'garbage' ? `(${c.garbageAuth.slice(0, 60)})` : ''} headers=${JSON.stringify(c.headers).slice(0, 200)} body=${body}`;
}

/** Which bodies a route reads: asked of the route itself, so a new route is classified without editing this file. */
async function classify(target: Target): Promise<{ json: boolean; multipart: boolean }> {
  // DELETE routes take no body (and DELETE session/ would sign the prober out)
  if (target.route.method === 'GET' || target.route.method === 'DELETE' || target.route.api !== 'admin') return { json: false, multipart: false };
  const tries = [target.params.map(() => '000000000000000000000000'), target.params.map((p) => site.fixtures.params[`${target.resource}:${p}`]?.[0] ?? 'x')];
  for (const params of tries) {
    const response = await site.session.request(target.route.method, fill(target, params), {
      version: target.version,
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    const text = await response.text();
    if (response.status === 400 && text.includes('not valid JSON')) return { json: true, multipart: false };
    if (response.status === 415 && /multipart/i.test(text)) return { json: false, multipart: true };
  }
  return { json: false, multipart: false };
}

beforeAll(async () => {
  site = await robustSite();
  counter = await changeCounter(site.driver);
  for (const target of targets()) kindsOf.set(target.label, await classify(target));
}, 120_000);

afterAll(async () => {
  const summary = [...outcomes]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}:${n}`)
    .join(' ');
  console.log(`fuzz: ${sent} requests over ${targets().length} route × version targets (seed ${SEED}${FULL ? ', full run' : ''}); statuses ${summary}`);
  await site?.close();
});

describe('route classification', () => {
  it('finds the JSON-body routes and the upload routes by asking them', () => {
    const json = [...kindsOf].filter(([, k]) => k.json).map(([l]) => l);
    const multipart = [...kindsOf].filter(([, k]) => k.multipart).map(([l]) => l);
    expect(json).toEqual(
      expect.arrayContaining([
        'POST v3/admin/posts/',
        'PUT v2/admin/tags/:id/',
        'PUT v3/admin/settings/',
        'POST v3/admin/session/',
        'PUT v3/admin/integrations/:id/',
        'POST v5/admin/posts/',
        'PUT v5/admin/pages/:id/',
        'PUT v5/admin/settings/',
      ]),
    );
    expect(multipart).toEqual(expect.arrayContaining(['POST v3/admin/images/upload/', 'POST v3/admin/themes/upload/', 'POST v5/admin/images/upload/']));
    // the unversioned roots are walked as v2 and v3 are: Content routes too
    expect([...kindsOf.keys()]).toEqual(expect.arrayContaining(['GET v5/content/posts/', 'GET v5/content/pages/slug/:slug/']));
  });
});

describe.each(targets().map((t) => [t.label, t] as const))('fuzz %s', (_, target) => {
  it(`${RUNS} generated requests: no 5xx, envelopes, refused requests change nothing`, async () => {
    const kinds = kindsOf.get(target.label)!;
    let baseline = await checksum(site.driver);
    let changes = await counter.read();
    const reads = target.route.method === 'GET';
    await fc.assert(
      fc.asyncProperty(caseArb(target, site.fixtures, kinds), async (c) => {
        // the reference's SDKs from 5.0 sign the unversioned root's audience
        const audience = target.version === 'v5' ? { aud: '/admin/' } : { version: target.version };
        const token = c.auth === 'token' ? await adminToken(site.adminKey, audience) : null;
        const before = changes;
        const response = await site.service.fetch(build(target, c, token));
        sent += 1;
        outcomes.set(response.status, (outcomes.get(response.status) ?? 0) + 1);
        const text = await response.text();
        // a read never writes: checked once for the whole target by the checksum below, not per request
        const after = reads ? before : (changes = await counter.read());
        const what = () => `${describeCase(target, c)}\n→ ${response.status} ${text.slice(0, 500)}`;

        // the one 5xx a client may get: invitations asked for with an integration's key, 501 as in the reference (reference-behaviour §13)
        const staffOnly = response.status === 501 && target.route.path.startsWith('invites/') && c.auth === 'token';
        if (response.status >= 500 && !staffOnly) throw new Error(`5xx for a client's request: ${what()}`);
        if (response.status >= 400) {
          const problems = envelopeProblems(response.status, response.headers.get('content-type'), text);
          if (problems.length) throw new Error(`malformed error envelope (${problems.join('; ')}): ${what()}`);
          const leak = leakIn(text, site.secrets);
          if (leak) throw new Error(`error response carries ${leak}: ${what()}`);
          if (after !== before) throw new Error(`a refused request changed ${after - before} rows: ${what()}`);
        } else {
          const leak = leakIn(text);
          if (leak) throw new Error(`response carries ${leak}: ${what()}`);
          if (mustRefuse(c, kinds)) throw new Error(`malformed request accepted: ${what()}`);
        }
        if (await keepSignedIn(target, response)) changes = await counter.read();
        if (changes !== before) baseline = await checksum(site.driver);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // the cross-check: whatever was refused since the last accepted write left every table byte-identical
    const now = await checksum(site.driver);
    expect(changedTables(baseline, now)).toEqual([]);
  });
});

/** The fuzz may legitimately sign the owner out (`DELETE session/`) or outlive a slid cookie: sign in again. */
async function keepSignedIn(target: Target, response: Response): Promise<boolean> {
  const set = response.headers.get('set-cookie');
  if (set?.startsWith('svc-admin-api-session=')) {
    site.session.cookie = /Expires=Thu, 01 Jan 1970/.test(set) ? null : set.split(';')[0];
  }
  const signedOut = target.route.path === 'session/' && target.route.method === 'DELETE' && response.status === 204;
  if (site.session.cookie === null || signedOut) {
    const login = await site.session.login('ada@example.com', 'a-long-password-1');
    if (login.status !== 201) throw new Error(`could not sign in again: ${login.status}`);
    return true;
  }
  return false;
}

it(`sends at least ${MIN_TOTAL} generated requests`, () => {
  // vitest runs this file's tests in order: by now every target has had its runs
  expect(sent).toBeGreaterThanOrEqual(MIN_TOTAL);
});
