import { z } from 'zod';
import { metaFields, nullableText, siteUrl, socialFields } from '../shared/response';

/** The shapes of Content `settings/` (contract §2.10) and Admin `settings/` (reference-behaviour §12). */

const navigationItem = z.object({ label: z.string(), url: z.string() }).strict();

export const contentSettings = z
  .object({
    title: nullableText,
    description: nullableText,
    logo: nullableText,
    icon: nullableText,
    cover_image: nullableText,
    facebook: nullableText,
    twitter: nullableText,
    ...metaFields,
    ...socialFields,
    members_support_address: nullableText,
    navigation: z.array(navigationItem),
    secondary_navigation: z.array(navigationItem),
    url: siteUrl,
    active_timezone: z.string(),
    default_locale: z.string(),
  })
  .strict()
  .meta({ description: 'The public settings of the site (Content API), a single object.' });

/** One Admin API setting; values travel as text, lists as JSON text. */
export const settingEntry = z
  .object({ key: z.string(), value: z.string().nullable() })
  .strict()
  .meta({ description: 'One setting (Admin API): its key and its value as text (lists as JSON text).' });

export type Settings = z.infer<typeof contentSettings>;
export type Setting = z.infer<typeof settingEntry>;
