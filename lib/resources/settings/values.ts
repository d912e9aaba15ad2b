import { z } from 'zod';

/**
 * What a new setting value must pass (PUT settings/ and Ghost imports, through the table in
 * fields.ts). Values travel as strings, lists as JSON text, as the reference's settings API carries them.
 */
export type SettingValueSchema = z.ZodType<string | null, unknown>;

export const nullableText = (max: number): SettingValueSchema => z.string().max(max).nullable();

export const imageRef: SettingValueSchema = z
  .string()
  .max(2000)
  .refine((v) => v.startsWith('/') || (/^https?:\/\//i.test(v) && URL.canParse(v)), 'must be an http(s) URL or a path')
  .nullable();

const navigationItem = z.object({ label: z.string().trim().min(1).max(200), url: z.string().trim().min(1).max(2000) }).strict();

/** A list arrives as JSON text (the reference's admin client) or as an array; it is stored as JSON text. */
export const navigation: SettingValueSchema = z
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

export const title: SettingValueSchema = z.string().trim().min(1).max(150);

export const accentColor: SettingValueSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour')
  .nullable();

export const lang: SettingValueSchema = z.string().regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'must be a language tag such as en or pt-BR');

export const timezone: SettingValueSchema = z.string().max(100).refine(validTimezone, 'must be an IANA time zone such as Etc/UTC or Europe/Paris');

export const supportAddress: SettingValueSchema = z.union([z.literal('noreply'), z.email().max(191)], { error: 'must be an email address or noreply' });

export const editorFormat: SettingValueSchema = z.enum(['lexical', 'mobiledoc'], { error: 'must be lexical or mobiledoc' });
