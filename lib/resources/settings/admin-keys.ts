import { z } from 'zod';
import { validation } from '../../core/errors';

/**
 * The settings the Admin API shows and accepts, each with the schema a new value must pass. Keys not
 * listed (`setup_done` and other internal state) are neither readable nor writable: to a client they
 * do not exist. Values travel as strings, lists as JSON text, as the reference's settings API does.
 */
const nullableText = (max: number) => z.string().max(max).nullable();
const imageRef = z
  .string()
  .max(2000)
  .refine((v) => v.startsWith('/') || (/^https?:\/\//i.test(v) && URL.canParse(v)), 'must be an http(s) URL or a path')
  .nullable();

const navigationItem = z.object({ label: z.string().trim().min(1).max(200), url: z.string().trim().min(1).max(2000) }).strict();
/** A list arrives as JSON text (the reference's admin client) or as an array; it is stored as JSON text. */
const navigation = z
  .union([z.string().max(200_000), z.array(z.unknown())], { error: 'must be a list of {label, url}, or that list as JSON text' })
  .transform((value, ctx) => {
    if (Array.isArray(value)) return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.array(navigationItem).max(100))
  .transform((items) => JSON.stringify(items));

function validTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const SCHEMAS: Record<string, z.ZodType<string | null, unknown>> = {
  title: z.string().trim().min(1).max(150),
  description: nullableText(200),
  logo: imageRef,
  icon: imageRef,
  cover_image: imageRef,
  accent_color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour')
    .nullable(),
  facebook: nullableText(2000),
  twitter: nullableText(2000),
  lang: z.string().regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'must be a language tag such as en or pt-BR'),
  timezone: z.string().max(100).refine(validTimezone, 'must be an IANA time zone such as Etc/UTC or Europe/Paris'),
  navigation,
  secondary_navigation: navigation,
  meta_title: nullableText(300),
  meta_description: nullableText(500),
  og_image: imageRef,
  og_title: nullableText(300),
  og_description: nullableText(500),
  twitter_image: imageRef,
  twitter_title: nullableText(300),
  twitter_description: nullableText(500),
  members_support_address: z.union([z.literal('noreply'), z.email().max(191)], { error: 'must be an email address or noreply' }),
  codeinjection_head: nullableText(65535),
  codeinjection_foot: nullableText(65535),
  // the format the admin client writes new posts in (migrations/019 chose it for each site)
  editor_default_format: z.enum(['lexical', 'mobiledoc'], { error: 'must be lexical or mobiledoc' }),
};

/** Shown but changed elsewhere (a theme is activated through `themes/`). */
const READ_ONLY = new Set(['active_theme']);

export function isReadable(key: string): boolean {
  return Object.hasOwn(SCHEMAS, key) || READ_ONLY.has(key);
}

export function isWritable(key: string): boolean {
  return Object.hasOwn(SCHEMAS, key);
}

/** Each writable key with the schema its new value must pass (for the OpenAPI documents). */
export function writableSettings(): [string, z.ZodType][] {
  return Object.entries(SCHEMAS);
}

export function isReadOnly(key: string): boolean {
  return READ_ONLY.has(key);
}

/** The value to store for `key`, or a 422 that names the key and what is wrong. */
export function parseSettingValue(key: string, value: unknown): string | null {
  const result = SCHEMAS[key].safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = ['settings', key, ...issue.path.map(String)].join('.');
  const detail = issue.code === 'invalid_type' ? `must be ${issue.expected === 'null' ? 'null' : `a ${issue.expected}`}` : issue.message;
  throw validation(`Value in [${where}] is invalid: ${detail}.`, { property: key });
}
