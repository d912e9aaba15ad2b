import fc from 'fast-check';
import { VERSIONS, type RouteDef, type Version } from '../../lib/core/context';
import { routes } from '../../lib/resources';
import { HOSTILE_QUERY_VALUES, HOSTILE_SEGMENTS, INJECTIONS } from './corpus';
import type { Fixtures } from './site';

/** One route of one API version: the unit the fuzz walks over, built from the route table itself. */
export interface Target {
  route: RouteDef;
  version: Version;
  label: string;
  /** Path parameters in order: `posts/:id/` → ['id']. */
  params: string[];
  /** First path segment (`posts`), the key of fixtures and the usual root key of bodies. */
  resource: string;
}

export function targets(): Target[] {
  const out: Target[] = [];
  for (const route of routes) {
    // every version the router serves the route at (lib/http/router.ts), the unversioned v5 roots included
    for (const version of route.versions ?? VERSIONS) {
      out.push({
        route,
        version,
        label: `${route.method} ${version}/${route.api}/${route.path}`,
        params: [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]),
        resource: route.path.split('/')[0],
      });
    }
  }
  return out;
}

export type AuthMode = 'token' | 'session' | 'key' | 'none' | 'garbage';

/** A generated request, kept as plain data so fast-check can print and shrink it. */
export interface FuzzCase {
  params: string[];
  query: [string, string][];
  auth: AuthMode;
  garbageAuth: string;
  headers: [string, string][];
  body: GeneratedBody | null;
  slash: boolean;
}

export type BodyKind = 'invalid-json' | 'wrong-type' | 'not-an-envelope' | 'mutated' | 'multipart' | 'empty';

export interface GeneratedBody {
  kind: BodyKind;
  text: string;
  contentType: string | null;
}

/** Text that no JSON parser accepts. */
const INVALID_JSON = [
  '{',
  '}',
  '{"posts":[',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}{"b":2}',
  'NaN',
  'undefined',
  '[1,2',
  '{"a":"\\x"}',
  '{"a":01}',
  '\uFEFF\uFEFF{}',
  '{"a":"\u0000"',
  '{"a" 1}',
  '"unterminated',
  '{"posts":[{"title":"x"}]',
  'nul',
  'tru',
  '--',
  '<xml/>',
  'title=x&status=published',
  '{"a":1e999999999999999999}x',
];

/** JSON that is well-formed but is not an object holding the expected root key. */
const NOT_AN_ENVELOPE = ['null', 'true', 'false', '0', '-1', '1e308', '""', '"posts"', '[]', '[{}]', '[null]', '[[[]]]'];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
  'application/jsonx',
  'json',
  'application/',
  '*/*',
  'application/octet-stream',
  'text/json',
  'application/json-seq',
];

export const DEEP = '\u0000DEEP\u0000';
export const HUGE = '\u0000HUGE\u0000';

/** Levels of nesting for the deep-JSON values. */
export const DEEP_LEVELS = 10_000;
const deepText = '['.repeat(DEEP_LEVELS) + ']'.repeat(DEEP_LEVELS);
const hugeText = JSON.stringify('x'.repeat(1024 * 1024));

/** Values of every JSON type, and the extremes of each, to put where something else is expected. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    0,
    -1,
    -0.5,
    1e308,
    -1e308,
    2 ** 53 + 1,
    true,
    false,
    null,
    {},
    [],
    [[]],
    [null],
    [{}],
    { $gt: '' },
    JSON.parse('{"__proto__":{"admin":true}}'),
    JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '😀'.repeat(100),
    '\u202Eevil',
    'x'.repeat(70_000),
    DEEP,
    HUGE,
    '2020-13-45T25:61:61Z',
    '0000-00-00',
    'not-a-date',
    '#',
    '#'.repeat(300),
    'https://',
    'javascript:alert(1)',
    '<script>alert(1)</script>',
    'draft ',
    'PUBLISHED',
    ['x', 1, null],
    'ffffffffffffffffffffffff',
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:30:00+01:00',
    '9999-12-31T23:59:59.999Z',
    '+275760-09-13T00:00:00Z',
    // lexical a v5 write may carry in any field: an unknown node type, no root, a script URL
    '{"root":{"type":"root","children":[{"type":"mystery"}]}}',
    '{"root":null}',
    '{"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"link","url":"javascript:alert(1)","children":[]}]}]}}',
    // a mobiledoc whose text holds an escaped NUL: valid JSON twice over, but not storable
    JSON.stringify({ version: '0.3.1', atoms: [], cards: [], markups: [], sections: [[1, 'p', [[0, [], 0, 'a\u0000b']]]] }),
  ),
  fc.constantFrom(...INJECTIONS),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** `{"a":{"b":[…]}}` → every path into it (keys and array indexes). */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (prefix.length) out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown, remove: boolean): unknown {
  const copy = structuredClone(root);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

/** JSON text for a body, with the deep and huge placeholders expanded after serialising. */
export function serialise(value: unknown): string {
  return JSON.stringify(value).replaceAll(JSON.stringify(DEEP), deepText).replaceAll(JSON.stringify(HUGE), hugeText);
}

const SAMPLE_LEXICAL = '{"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"extended-text","text":"Fuzzed","format":1}]}]}}';

/** A valid body to start mutations from, for routes whose body is not `{<resource>: [fixture]}`. */
export function sampleBody(target: Target, fixtures: Fixtures): unknown {
  const { route, resource } = target;
  switch (`${route.method} ${route.path}`) {
    case 'POST session/':
      return { username: 'ada@example.com', password: 'not-the-password' };
    case 'PUT users/password/':
      return {
        password: [{ newPassword: 'a-new-long-password', ne2Password: 'a-new-long-password', oldPassword: 'wrong-old-password', user_id: fixtures.editor.id }],
      };
    case 'PUT settings/':
      return {
        settings: [
          { key: 'title', value: 'Fuzzed title' },
          { key: 'navigation', value: [{ label: 'Home', url: '/' }] },
          { key: 'timezone', value: 'Etc/UTC' },
        ],
      };
    case 'POST authentication/invitation/':
      return { invitation: [{ token: 'f'.repeat(64), email: 'invited@example.com', name: 'Invited', password: 'invited-long-password' }] };
    case 'POST authentication/password_reset/':
      return { password_reset: [{ email: 'edna@example.com' }] };
    case 'PUT authentication/password_reset/':
      return { password_reset: [{ token: 'f'.repeat(64), newPassword: 'a-new-long-password', ne2Password: 'a-new-long-password' }] };
    case 'POST authentication/setup/':
      return { setup: [{ name: 'Mallory', email: 'mallory@example.com', password: 'mallory-password-1', blogTitle: 'Taken over' }] };
    case 'POST users/':
      return { users: [{ name: 'New Person', email: 'new@example.com', password: 'new-long-password-1', roles: ['Author'] }] };
    case 'POST webhooks/':
      return { webhooks: [{ event: 'post.published', target_url: 'https://hooks.example.com/new', name: 'New', secret: 's3cret', api_version: 'v3' }] };
    case 'POST posts/':
    case 'POST pages/':
      return {
        [resource]: [
          {
            title: 'New',
            status: 'draft',
            tags: ['News', { name: 'Other' }],
            authors: ['ada@example.com'],
            // v5 writes take lexical: its mutations reach parseLexical (test/robustness/lexical.test.ts has the deliberate cases)
            ...(target.version === 'v5'
              ? { lexical: SAMPLE_LEXICAL, feature_image_alt: 'Alt text', feature_image_caption: '<em>Caption</em>' }
              : { mobiledoc: fixtures.post.mobiledoc }),
            custom_excerpt: 'x',
            featured: false,
          },
        ],
      };
    default:
      return { [resource]: [fixtures.samples[resource] ?? {}] };
  }
}

const headerValue = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 300 });

/** Headers a client may send wrong: negotiation, caching, CSRF, forwarding and framing. */
const garbageHeaders: fc.Arbitrary<[string, string][]> = fc.array(
  fc.tuple<[string, string]>(
    fc.constantFrom(
      'accept',
      'accept-version',
      'if-none-match',
      'if-modified-since',
      'origin',
      'referer',
      'cookie',
      'content-length',
      'x-forwarded-for',
      'x-forwarded-proto',
      'x-forwarded-host',
      'x-pressroom-client-address',
      'user-agent',
      'range',
      'content-encoding',
      'transfer-encoding',
      'expect',
      'x-http-method-override',
      'accept-language',
    ),
    fc.oneof(headerValue, fc.constantFrom('', '*', 'null', 'W/"x"', '"', 'gzip', 'chunked', '-1', '99999999999999999999', 'https://evil.example')),
  ),
  { maxLength: 3 },
);

/** Authorization headers and cookies that are not credentials. */
const GARBAGE_AUTH = [
  'Svc',
  'Svc ',
  'Svc  ',
  'Bearer abc',
  'Basic YWRhOnB3',
  'Svc a.b.c',
  'Svc a.b',
  'Svc ....',
  'Svc eyJhbGciOiJub25lIn0.e30.',
  'Svc ' + 'A'.repeat(20_000),
  'Svc x y',
  'svc\u00e9 token',
  'Ghost abc',
  'Svc =====',
  'Svc eyJ.eyJ.sig',
  'cookie:svc-admin-api-session=garbage',
  'cookie:svc-admin-api-session=',
  'cookie:svc-admin-api-session=' + 'a'.repeat(5000),
  'cookie:svc-admin-api-session=%00%ff',
  'key:',
  'key:0',
  'key:' + 'a'.repeat(26),
  'key:' + 'g'.repeat(26),
  'key:' + 'a'.repeat(25),
  'key:' + 'a'.repeat(27),
  'key:' + 'A'.repeat(26),
  'key:%00',
  'key:\u00e9',
];

function paramValue(target: Target, name: string, fixtures: Fixtures): fc.Arbitrary<string> {
  const real = fixtures.params[`${target.resource}:${name}`] ?? [];
  // real ids are only used where the request cannot destroy the fixtures the rest of the run relies on
  const realAllowed = real.length > 0 && target.route.method !== 'DELETE';
  const arbs: fc.WeightedArbitrary<string>[] = [
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
    { weight: 1, arbitrary: fc.constantFrom(...INJECTIONS).map(encodeSegment) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map(encodeSegment) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-f]{24}$/) },
  ];
  if (realAllowed) arbs.push({ weight: 5, arbitrary: fc.constantFrom(...real) });
  return fc.oneof(...arbs);
}

/** Percent-encodes what can be encoded; lone surrogates, which cannot, are sent as raw invalid UTF-8. */
export function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value].map((ch) => (/[\uD800-\uDFFF]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
}

const QUERY_NAMES = ['limit', 'page', 'filter', 'order', 'fields', 'include', 'formats', 'source', 'key', 'status', 'absolute_urls', 'debug', 'save_revision'];

const pairs = fc.array(
  fc.tuple(
    fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...QUERY_NAMES) }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) }),
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_QUERY_VALUES) },
      { weight: 2, arbitrary: fc.constantFrom(...INJECTIONS) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
      { weight: 1, arbitrary: fc.integer().map(String) },
    ),
  ),
  { maxLength: 5 },
);

const EXTREMES = ['999999999999999', '0', '-1', 'all', '1e3', '18446744073709551616'];

/** Mostly independent pairs; sometimes `limit` and `page` at their extremes together (their product overflows). */
const queryPairs = fc.oneof(
  { weight: 5, arbitrary: pairs },
  {
    weight: 1,
    arbitrary: fc
      .tuple(pairs, fc.constantFrom(...EXTREMES), fc.constantFrom(...EXTREMES))
      .map(([rest, limit, page]): [string, string][] => [...rest, ['limit', limit], ['page', page]]),
  },
);

function bodyArb(target: Target, fixtures: Fixtures, kinds: { json: boolean; multipart: boolean }): fc.Arbitrary<GeneratedBody | null> {
  const { method } = target.route;
  if (method === 'GET') return fc.constant(null);
  const sample = sampleBody(target, fixtures);
  const paths = pathsOf(sample);
  const json = (text: string, kind: BodyKind): GeneratedBody => ({ kind, text, contentType: 'application/json' });
  const mutated = fc
    .record({
      path: fc.constantFrom(...paths),
      value: hostileValue,
      op: fc.constantFrom('replace', 'replace', 'replace', 'remove', 'extra'),
      contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/vnd.api+json'),
    })
    .map(({ path, value, op, contentType }): GeneratedBody => {
      const body = op === 'extra' ? setAt(sample, [...path.slice(0, -1), `extra_${path.length}`], value, false) : setAt(sample, path, value, op === 'remove');
      return { kind: 'mutated', text: serialise(body), contentType };
    });
  const arbs: fc.WeightedArbitrary<GeneratedBody | null>[] = [
    { weight: 2, arbitrary: fc.constantFrom(...INVALID_JSON).map((t) => json(t, 'invalid-json')) },
    {
      weight: 1,
      arbitrary: fc
        .string({ unit: 'binary', minLength: 1, maxLength: 60 })
        .filter(notJson)
        .map((t) => json(t, 'invalid-json')),
    },
    { weight: 1, arbitrary: fc.constantFrom(...NOT_AN_ENVELOPE, serialise(DEEP)).map((t) => json(t, 'not-an-envelope')) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...WRONG_CONTENT_TYPES, null).map((contentType) => ({ kind: 'wrong-type' as const, text: serialise(sample), contentType })),
    },
    { weight: 8, arbitrary: mutated },
    { weight: 1, arbitrary: fc.constant<GeneratedBody | null>(method === 'DELETE' ? null : { kind: 'empty', text: '', contentType: 'application/json' }) },
  ];
  if (kinds.multipart) arbs.push({ weight: 6, arbitrary: multipartBody });
  return fc.oneof(...arbs);
}

function notJson(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return text.trim() !== '';
  }
}

/** Multipart bodies that hold no acceptable file: no boundary, wrong boundary, truncated, a wrong field or a fake file. */
const multipartBody: fc.Arbitrary<GeneratedBody> = fc
  .record({
    boundary: fc.constantFrom('XyZ', '', '"quoted"', 'a'.repeat(200), 'x y', '--'),
    declared: fc.constantFrom('XyZ', 'other', null),
    field: fc.constantFrom('file', 'image', '', 'file"; filename="../../etc/passwd', '__proto__'),
    filename: fc.constantFrom('a.png', '../../../evil.png', 'a.zip', 'theme.zip', '', '\u0000.png', 'x'.repeat(500) + '.jpg', 'a.svg', 'a.exe'),
    mime: fc.constantFrom('image/png', 'application/zip', 'text/plain', '', 'image/svg+xml'),
    content: fc.constantFrom('not really a png', '\x89PNG\r\n\x1a\n', 'PK\x03\x04garbage', '<svg onload="alert(1)"/>', ''),
    truncate: fc.boolean(),
  })
  .map(({ boundary, declared, field, filename, mime, content, truncate }) => {
    let text = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n${content}\r\n--${boundary}--\r\n`;
    if (truncate) text = text.slice(0, Math.floor(text.length / 2));
    return { kind: 'multipart' as const, text, contentType: declared === null ? 'multipart/form-data' : `multipart/form-data; boundary=${declared}` };
  });

export function caseArb(target: Target, fixtures: Fixtures, kinds: { json: boolean; multipart: boolean }): fc.Arbitrary<FuzzCase> {
  const { auth } = target.route;
  const modes: fc.WeightedArbitrary<AuthMode>[] =
    auth === 'content'
      ? [
          { weight: 8, arbitrary: fc.constant('key') },
          { weight: 1, arbitrary: fc.constant('none') },
          { weight: 1, arbitrary: fc.constant('garbage') },
        ]
      : [
          { weight: 5, arbitrary: fc.constant('token') },
          { weight: 4, arbitrary: fc.constant('session') },
          { weight: 1, arbitrary: fc.constant('none') },
          { weight: 1, arbitrary: fc.constant('garbage') },
        ];
  return fc.record({
    params: fc.tuple(...target.params.map((p) => paramValue(target, p, fixtures))) as fc.Arbitrary<string[]>,
    query: queryPairs,
    auth: fc.oneof(...modes),
    garbageAuth: fc.constantFrom(...GARBAGE_AUTH),
    headers: fc.oneof({ weight: 3, arbitrary: fc.constant<[string, string][]>([]) }, { weight: 1, arbitrary: garbageHeaders }),
    body: bodyArb(target, fixtures, kinds),
    slash: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  });
}

/** Whether the case is malformed in a way every route that reads a JSON body must refuse. */
export function mustRefuse(c: FuzzCase, kinds: { json: boolean; multipart: boolean }): boolean {
  if (c.body?.kind === 'multipart' && kinds.multipart) return true;
  if (!kinds.json || !c.body) return false;
  return c.body.kind === 'invalid-json' || c.body.kind === 'not-an-envelope' || c.body.kind === 'wrong-type';
}
