import { z } from 'zod';

/** The theme shape `themeView` builds (reference-behaviour §10). */

const customTemplate = z
  .object({
    filename: z.string(),
    name: z.string(),
    for: z.array(z.enum(['page', 'post'])),
    slug: z.string().nullable(),
  })
  .strict();

export const theme = z
  .object({
    name: z.string(),
    package: z.looseObject({ name: z.string(), version: z.string() }).meta({ description: "The theme's package.json." }),
    active: z.boolean(),
    templates: z.array(customTemplate).meta({ description: 'Custom templates a post or page can choose.' }),
  })
  .strict()
  .meta({ description: 'An installed theme.' });

export type Theme = z.infer<typeof theme>;
