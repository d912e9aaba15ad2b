/** Strings that would change a query's meaning if they were ever spliced into SQL instead of bound. */
export const INJECTIONS: readonly string[] = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE posts; --",
  '"; DROP TABLE users; --',
  "1; SELECT pg_sleep(10) --",
  "') OR ('a'='a",
  "' UNION SELECT password_hash, email FROM users --",
  "' || (SELECT password_hash FROM users LIMIT 1) || '",
  '$1',
  '$$; DELETE FROM posts; $$',
  "\\'; DELETE FROM tags; --",
  "%' OR 1=1 --",
  '/**/OR/**/1=1',
  "E'\\x27; DROP TABLE tags; --'",
  "'::text; TRUNCATE posts; --",
  'title; DELETE FROM posts',
  'id) desc, (SELECT 1',
  '(SELECT password_hash FROM users)',
  'published_at desc; DROP TABLE posts',
  '1 AND (SELECT COUNT(*) FROM pg_catalog.pg_tables) > 0',
  "x' AND pg_sleep(5) IS NULL AND 'a'='a",
  '\u0000; DROP TABLE posts',
  "admin'--",
  "' OR ''='",
  '`; rm -rf /`',
  '${7*7}',
  '{{7*7}}',
];

/** Path segments that try to climb out of a route, smuggle separators or break decoders. */
export const HOSTILE_SEGMENTS: readonly string[] = [
  '..', '.', '%2e%2e', '%2E%2E%2F', '..%2F..%2Fetc%2Fpasswd', '%2F', 'a%2Fb', '%5C', '..%5C..%5C', '%00', 'a%00b',
  '%C0%AF', '%C0%AE%C0%AE', '%FF', '%FE%FF', '%', '%zz', '%u0000', '%E2%80%AE', '%F0%9F%98%80', '%EF%BB%BF',
  'x'.repeat(5000), '%20', '+', ';', ';jsessionid=1', '~', 'null', 'undefined', '__proto__', 'constructor', 'prototype',
  '0', '-1', '1e309', '000000000000000000000000', 'ffffffffffffffffffffffff', 'FFFFFFFFFFFFFFFFFFFFFFFF',
  '0000000000000000000000000', '00000000000000000000000', 'g00000000000000000000000',
];

/** Query values where numbers, lists and the NQL grammar are easiest to break. */
export const HOSTILE_QUERY_VALUES: readonly string[] = [
  '', ' ', 'all', 'ALL', '0', '-0', '-1', '-99999999999999999999', '1e309', '1e3', '0x10', '1.5', ' 2 ', '+3', '٣',
  '99999999999999999999', '999999999999999', '9007199254740993', '18446744073709551616', 'NaN', 'Infinity', 'null',
  'true', '[]', '{}', ',', ',,,', 'tags,authors,tags', 'html,plaintext,mobiledoc,lexical', 'title asc,', 'title sideways',
  'id desc, title asc, published_at', 'count.posts desc', 'tag:', 'tag:[', 'tag:[a,', 'status:published+', '(',
  'slug:-[a,b]', "title:'x", 'published_at:>now-30x', 'published_at:>"not a date"', 'a:b+c:d,e:f'.repeat(500),
  '('.repeat(5000), 'tag:' + 'a'.repeat(100_000), '\u0000', 'x\u0000y', '\uFFFF', '\uD83D\uDE00', '\u202E', 'é',
];
